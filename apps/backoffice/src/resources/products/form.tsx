/** The product create and edit screens: every product field, in tabs, with the image manager. */

import Button from "@mui/material/Button";
import { DEFAULT_ITBIS_RATE, ITBIS_RATES } from "@shop/domain/itbis";
import type { Category } from "@shop/domain/schemas/public";
import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateTimeInput,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleFormIterator,
  TabbedForm,
  TextArrayInput,
  TextInput,
  useGetOne,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { useWatch } from "react-hook-form";
import { Link } from "react-router";
import { formViews } from "../../components/form-views.tsx";
import { adminLink } from "../../links.ts";

/** The rates a product's price may include; saved through /itbis-rates (the data provider's products exception). */
const ITBIS_CHOICES = ITBIS_RATES.map((rate) => ({ id: rate, name: `shop.products.itbis_${rate}` }));

import { normaliseImages, ProductImageManager, type ProductImageValue } from "./product-image-manager.tsx";

/** The subcategory choices follow the chosen category. */
function SubcategoryInput() {
  const categoryId = useWatch({ name: "categoryId" }) as string | undefined;
  const { data: category } = useGetOne<Category>(
    "categories",
    { id: categoryId ?? "" },
    { enabled: !!categoryId },
  );
  const choices = (category?.children ?? []).map((name) => ({ id: name, name }));
  return (
    <SelectInput
      source="children"
      choices={choices}
      disabled={!categoryId}
      emptyText="shop.products.no_subcategory"
    />
  );
}

/** The API's input: empty offer dates are no offer; colours need a name; read-only fields are left to the API. */
export function toProductInput(data: Record<string, unknown>) {
  const offer = data.offerDate as { startDate?: string | null; endDate?: string | null } | null | undefined;
  return {
    ...data,
    imageURLs: normaliseImages(data.imageURLs as ProductImageValue[] | undefined),
    offerDate:
      offer?.startDate && offer?.endDate ? { startDate: offer.startDate, endDate: offer.endDate } : null,
    videoId: (data.videoId as string | null | undefined) || null,
    brandId: (data.brandId as string | null | undefined) || null,
    slug: (data.slug as string | undefined) || undefined,
  };
}

const offerEndAfterStart = (value: unknown, values: { offerDate?: { startDate?: string } }) => {
  const start = values.offerDate?.startDate;
  if (!value && start) return "shop.products.offer_needs_both";
  if (value && !start) return undefined;
  return value && start && new Date(String(value)) < new Date(start)
    ? "shop.products.offer_end_before_start"
    : undefined;
};

/** To the product's sizes, colours and stock per variant (once it exists). */
function VariantsLink() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record?.id) return null;
  return (
    <Button
      component={Link}
      to={adminLink(`/products/${record.id}/variants`)}
      variant="outlined"
      sx={{ mb: 2 }}
    >
      {translate("shop.variants.edit")}
    </Button>
  );
}

function ProductForm() {
  return (
    <TabbedForm>
      <TabbedForm.Tab label="shop.products.tab_main">
        <TextInput source="title" validate={required()} />
        <TextInput source="sku" validate={required()} />
        <TextInput source="slug" helperText="shop.products.slug_help" />
        <TextInput source="unit" helperText="shop.products.unit_help" />
        <ReferenceInput
          source="categoryId"
          reference="categories"
          sort={{ field: "name", order: "ASC" }}
          perPage={100}
        >
          <AutocompleteInput optionText="name" validate={required()} />
        </ReferenceInput>
        <SubcategoryInput />
        <ReferenceInput
          source="brandId"
          reference="brands"
          sort={{ field: "name", order: "ASC" }}
          perPage={100}
        >
          <AutocompleteInput optionText="name" />
        </ReferenceInput>
        <BooleanInput source="featured" />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="shop.products.tab_price">
        <NumberInput
          source="price"
          validate={required()}
          min={0}
          step={0.01}
          helperText="shop.products.price_help"
        />
        <NumberInput source="discount" min={0} max={100} helperText="shop.products.discount_help" />
        <SelectInput
          source="itbisRate"
          choices={ITBIS_CHOICES}
          defaultValue={DEFAULT_ITBIS_RATE}
          validate={required()}
          helperText="shop.products.itbis_help"
        />
        <NumberInput source="quantity" validate={required()} min={0} step={1} />
        <VariantsLink />
        <DateTimeInput source="offerDate.startDate" />
        <DateTimeInput source="offerDate.endDate" validate={offerEndAfterStart} />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="shop.products.tab_images">
        <ProductImageManager />
        <TextInput source="videoId" helperText="shop.products.video_help" />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="shop.products.tab_details">
        <TextInput source="description" multiline minRows={4} />
        <TextArrayInput source="tags" />
        <TextArrayInput source="sizes" />
        <ArrayInput source="additionalInformation">
          <SimpleFormIterator inline disableClear>
            <TextInput source="key" validate={required()} />
            <TextInput source="value" validate={required()} />
          </SimpleFormIterator>
        </ArrayInput>
      </TabbedForm.Tab>
    </TabbedForm>
  );
}

export const { Create: ProductCreate, Edit: ProductEdit } = formViews(ProductForm, {
  transform: toProductInput,
  createRedirect: "edit",
});
