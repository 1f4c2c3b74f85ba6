/**
 * The product image manager: several images, each uploaded from a file, with an optional colour (name and
 * code), in order; the first is the product's main image.
 */
import StarIcon from "@mui/icons-material/Star";
import StarOutlineIcon from "@mui/icons-material/StarBorder";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import { MAX_PRODUCT_IMAGES } from "@shop/domain/constants";
import {
  AddItemButton,
  ArrayInput,
  IconButtonWithTooltip,
  ReOrderButtons,
  SimpleFormIterator,
  TextInput,
  useSimpleFormIteratorItem,
  useTranslate,
} from "react-admin";
import { useWatch } from "react-hook-form";
import { UploadImageInput } from "../../components/image-input.tsx";

export interface ProductImageValue {
  img: unknown;
  color?: { name?: string | null; clrCode?: string | null } | null;
}

/** A colour counts only with a name; its code defaults to black. Empty colours are sent as null. */
export function normaliseImages(images: ProductImageValue[] | undefined): ProductImageValue[] {
  return (images ?? [])
    .filter((image) => image.img)
    .map((image) => {
      const name = image.color?.name?.trim();
      return { img: image.img, color: name ? { name, clrCode: image.color?.clrCode || "#000000" } : null };
    });
}

/** Up, down, and "make main" (move to the first place) for one image. */
function ImageOrderButtons() {
  const { index, reOrder } = useSimpleFormIteratorItem();
  const translate = useTranslate();
  return (
    <Box sx={{ display: "flex", alignItems: "center" }}>
      {index === 0 ? (
        <Chip icon={<StarIcon />} color="primary" size="small" label={translate("shop.images.main")} />
      ) : (
        <IconButtonWithTooltip
          label="shop.images.make_main"
          size="small"
          color="primary"
          onClick={() => reOrder(0)}
        >
          <StarOutlineIcon fontSize="small" />
        </IconButtonWithTooltip>
      )}
      <ReOrderButtons />
    </Box>
  );
}

export function ProductImageManager({ source = "imageURLs" }: { source?: string }) {
  const images: unknown[] | undefined = useWatch({ name: source });
  return (
    <ArrayInput source={source} label="resources.products.fields.imageURLs" helperText="shop.images.help">
      <SimpleFormIterator
        inline
        // The API takes at most MAX_PRODUCT_IMAGES; the "+" goes away at that many.
        disableAdd={(images?.length ?? 0) >= MAX_PRODUCT_IMAGES}
        reOrderButtons={<ImageOrderButtons />}
        // The "+" says what it adds (its default name is only "Add").
        addButton={<AddItemButton label="shop.images.add" />}
        disableClear
      >
        <UploadImageInput source="img" label="shop.images.image" validate={requiredImage} />
        <TextInput source="color.name" label="shop.images.colour_name" sx={{ maxWidth: 200 }} />
        <TextInput
          source="color.clrCode"
          label="shop.images.colour_code"
          type="color"
          defaultValue="#000000"
          sx={{ width: 120 }}
        />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

const requiredImage = (value: unknown) => (value ? undefined : "shop.images.required");
