/**
 * The product's pictures: several uploaded at once with their progress, put in order by dragging or from the
 * keyboard, each with its alt text and one of the product's colours; the first is the product's main picture.
 */
import AddPhotoIcon from "@mui/icons-material/AddPhotoAlternateOutlined";
import ArrowDownIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpIcon from "@mui/icons-material/ArrowUpward";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import DragIcon from "@mui/icons-material/DragIndicator";
import StarIcon from "@mui/icons-material/Star";
import StarOutlineIcon from "@mui/icons-material/StarBorder";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import FormHelperText from "@mui/material/FormHelperText";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { MAX_PRODUCT_IMAGES } from "@shop/domain/constants";
import { mediaName, pictureUrl } from "@shop/domain/media";
import { type DragEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useDataProvider, useTranslate } from "react-admin";
import { useController, useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { IMAGE_ACCEPT, MAX_IMAGE_BYTES } from "../../components/image-input.tsx";
import type { ShopDataProvider } from "../../providers/data-provider.ts";
import { type Colour, colourCodeOf, productColours, sameColour } from "./colours.ts";

export interface ProductImageValue {
  img: unknown;
  color?: { name?: string | null; clrCode?: string | null } | null;
  alt?: string | null;
}

/** The API's pictures: a colour counts with its name and its shade, alt text when there is some. */
export function normaliseImages(images: ProductImageValue[] | undefined) {
  return (images ?? [])
    .filter(
      (image): image is ProductImageValue & { img: string } => typeof image.img === "string" && !!image.img,
    )
    .map((image) => {
      const name = image.color?.name?.trim();
      const clrCode = image.color?.clrCode;
      const alt = image.alt?.trim();
      return {
        img: image.img,
        color: name && clrCode ? { name, clrCode } : null,
        ...(alt ? { alt } : {}),
      };
    });
}

/** A small picture to show in the editor: an upload's 320 px WebP, anything else (a drawing) as it is. */
const thumbnailOf = (url: string) => {
  const name = mediaName(url);
  return name ? pictureUrl(name, 320, "webp") : url;
};

const ACCEPT = Object.entries(IMAGE_ACCEPT)
  .flatMap(([type, extensions]) => [type, ...extensions])
  .join(",");

interface Sending {
  key: number;
  name: string;
  /** 0 to 1. */
  share: number;
  error?: string;
}

type Field = { id: string } & ProductImageValue;

/** "none", "new", or the index of one of the product's colours. */
type ColourChoice = "none" | "new" | `${number}`;

function choiceOf(color: ProductImageValue["color"], colours: Colour[]): ColourChoice {
  if (!color) return "none";
  const index = colours.findIndex((c) => sameColour(c, color));
  return index >= 0 ? `${index}` : "new";
}

/** The picture's colour: one of the product's colours, none, or a new one named and given its shade. */
function ColourField({ name, colours }: { name: string; colours: Colour[] }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const color = useWatch({ name: `${name}.color` }) as ProductImageValue["color"];
  // A colour named here keeps its name and shade fields open while the admin works on it.
  const [editing, setEditing] = useState(() => choiceOf(color, colours) === "new");
  const choice = choiceOf(color, colours);

  const choose = (next: string) => {
    if (next === "none") {
      setEditing(false);
      setValue(`${name}.color`, null, { shouldDirty: true });
    } else if (next === "new") {
      setEditing(true);
      // A new colour has no shade until the admin picks one (or names a colour the browser knows).
      setValue(`${name}.color`, { name: "", clrCode: "" }, { shouldDirty: true });
    } else {
      setEditing(false);
      setValue(`${name}.color`, { ...colours[Number(next)]! }, { shouldDirty: true });
    }
  };

  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      <TextField
        select
        label={translate("shop.images.colour")}
        value={choice}
        onChange={(event) => choose(event.target.value)}
        fullWidth
        size="small"
      >
        <MenuItem value="none">{translate("shop.images.no_colour")}</MenuItem>
        {colours.map((colour, index) => (
          <MenuItem key={`${colour.name}-${colour.clrCode}`} value={`${index}`}>
            <Swatch code={colour.clrCode} />
            {colour.name}
          </MenuItem>
        ))}
        <MenuItem value="new">{translate("shop.images.new_colour")}</MenuItem>
      </TextField>
      {(editing || choice === "new") && <NewColourFields name={name} />}
    </Box>
  );
}

/** A new colour's name and shade; both are needed to save (no shade is taken for granted). */
function NewColourFields({ name }: { name: string }) {
  const translate = useTranslate();
  const id = useId();
  const nameField = useController({
    name: `${name}.color.name`,
    rules: { validate: (value) => (value?.trim() ? true : translate("shop.images.colour_name_required")) },
  });
  const shadeField = useController({
    name: `${name}.color.clrCode`,
    rules: { validate: (value) => (value ? true : translate("shop.images.shade_not_chosen")) },
  });
  const [picked, setPicked] = useState(false);
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "flex-start" }}>
      <TextField
        label={translate("shop.images.colour_name")}
        value={nameField.field.value ?? ""}
        onChange={(event) => {
          nameField.field.onChange(event.target.value);
          // "Tan", "navy", "coral": a colour the browser knows by name gets its shade, until one is picked.
          const known = colourCodeOf(event.target.value);
          if (known && !picked) shadeField.field.onChange(known);
        }}
        onBlur={nameField.field.onBlur}
        inputRef={nameField.field.ref}
        error={!!nameField.fieldState.error}
        helperText={nameField.fieldState.error?.message}
        size="small"
        sx={{ flex: "1 1 12rem" }}
      />
      <Box sx={{ display: "grid", gap: 0.5 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <Box
            component="label"
            htmlFor={`${id}-shade`}
            sx={{ fontSize: "0.875rem", color: "text.secondary" }}
          >
            {translate("shop.images.colour_shade")}
          </Box>
          <input
            id={`${id}-shade`}
            ref={shadeField.field.ref}
            type="color"
            value={shadeField.field.value || "#ffffff"}
            onChange={(event) => {
              setPicked(true);
              shadeField.field.onChange(event.target.value);
            }}
            onBlur={shadeField.field.onBlur}
            aria-invalid={!!shadeField.fieldState.error}
            aria-describedby={`${id}-shade-help`}
            style={{ width: 48, height: 36, padding: 0, border: 0, background: "none" }}
          />
        </Box>
        <FormHelperText id={`${id}-shade-help`} error={!!shadeField.fieldState.error} sx={{ m: 0 }}>
          {shadeField.field.value ||
            shadeField.fieldState.error?.message ||
            translate("shop.images.shade_not_chosen")}
        </FormHelperText>
      </Box>
    </Box>
  );
}

function Swatch({ code }: { code: string }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{
        display: "inline-block",
        width: 16,
        height: 16,
        mr: 1,
        borderRadius: "50%",
        border: 1,
        borderColor: "divider",
        bgcolor: code,
        flexShrink: 0,
      }}
    />
  );
}

export function ProductImageManager({ source = "imageURLs" }: { source?: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const { fields, append, move, remove } = useFieldArray({ name: source });
  const pictures = (useWatch({ name: source }) as ProductImageValue[] | undefined) ?? [];
  const colours = productColours(pictures);
  const [sending, setSending] = useState<Sending[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const [dragging, setDragging] = useState<number | null>(null);
  const focusAfterMove = useRef<{ id: string; control: string } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const inputId = useId();

  // After a move the moved picture's control keeps the focus, wherever the picture went.
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    list.current
      ?.querySelector<HTMLElement>(`[data-picture="${target.id}"] [data-control="${target.control}"]`)
      ?.focus();
  });

  const moveTo = (from: number, to: number, control: string) => {
    if (to < 0 || to >= fields.length || to === from) return;
    focusAfterMove.current = { id: (fields[from] as Field).id, control };
    move(from, to);
    setAnnouncement(translate("shop.images.moved", { position: to + 1, total: fields.length }));
  };

  const waiting = sending.filter((s) => s.share < 1 && !s.error).length;
  const room = MAX_PRODUCT_IMAGES - fields.length - waiting;

  async function addFiles(files: File[]) {
    const taken = files.slice(0, Math.max(0, room));
    const skipped = files.length - taken.length;
    const batch = taken.map((file) => {
      const refused =
        !Object.keys(IMAGE_ACCEPT).includes(file.type) && !/\.(heic|heif)$/i.test(file.name)
          ? translate("shop.images.not_a_picture")
          : file.size > MAX_IMAGE_BYTES
            ? translate("shop.images.too_large")
            : undefined;
      return { file, item: { key: nextKey.current++, name: file.name, share: 0, error: refused } };
    });
    const skippedItems: Sending[] = skipped
      ? [
          {
            key: nextKey.current++,
            name: "",
            share: 0,
            error: translate("shop.images.too_many", { max: MAX_PRODUCT_IMAGES, skipped }),
          },
        ]
      : [];
    setSending((current) => [
      ...current.filter((s) => s.share < 1 || s.error),
      ...batch.map((b) => b.item),
      ...skippedItems,
    ]);
    const update = (key: number, change: Partial<Sending>) =>
      setSending((current) => current.map((s) => (s.key === key ? { ...s, ...change } : s)));
    // One after another: the shop encodes one picture at a time, and the line is shared.
    for (const { file, item } of batch) {
      if (item.error) continue;
      try {
        const url = await dataProvider.upload(file, file.name, (share) =>
          update(item.key, { share: Math.min(share, 0.99) }),
        );
        append({ img: url, color: null, alt: "" });
        update(item.key, { share: 1 });
      } catch (error) {
        update(item.key, { error: error instanceof Error ? error.message : String(error) });
      }
    }
  }

  const total = sending.filter((s) => s.name).length;
  const done = sending.filter((s) => s.name && (s.share >= 1 || s.error)).length;
  const overall = total
    ? (sending.reduce((sum, s) => sum + (s.name ? (s.error ? 1 : s.share) : 0), 0) / total) * 100
    : 0;

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const from = Number(event.dataTransfer.getData("text/x-picture-index"));
    setDragging(null);
    if (Number.isInteger(from)) moveTo(from, to, "handle");
  };

  return (
    <Box sx={{ width: "100%", maxWidth: 880, display: "grid", gap: 2 }}>
      <Typography component="h2" variant="h6">
        {translate("resources.products.fields.imageURLs")}
      </Typography>
      <Typography variant="body2" color="text.secondary" id={`${inputId}-help`}>
        {translate("shop.images.help", { max: MAX_PRODUCT_IMAGES })}
      </Typography>
      {fields.length === 0 ? (
        <Typography color="text.secondary">{translate("shop.images.none")}</Typography>
      ) : (
        <Box
          component="ol"
          ref={list}
          aria-label={translate("resources.products.fields.imageURLs")}
          sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1.5 }}
        >
          {(fields as Field[]).map((field, index) => {
            const name = `${source}.${index}`;
            const img = pictures[index]?.img;
            const label = translate("shop.images.picture", { position: index + 1 });
            return (
              <Box
                component="li"
                key={field.id}
                data-picture={field.id}
                aria-label={label}
                onDragOver={(event: DragEvent) => event.preventDefault()}
                onDrop={(event: DragEvent) => onDrop(event, index)}
                sx={{
                  display: "grid",
                  gridTemplateColumns: { xs: "auto 1fr", sm: "auto 96px 1fr" },
                  gap: 1.5,
                  p: 1.5,
                  border: 1,
                  borderColor: dragging === index ? "primary.main" : "divider",
                  borderRadius: 1,
                  bgcolor: "background.paper",
                  opacity: dragging === index ? 0.6 : 1,
                }}
              >
                <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 0.5 }}>
                  <IconButton
                    data-control="handle"
                    draggable
                    aria-label={translate("shop.images.move", { position: index + 1 })}
                    aria-describedby={`${inputId}-help`}
                    onDragStart={(event: DragEvent) => {
                      event.dataTransfer.setData("text/x-picture-index", String(index));
                      event.dataTransfer.effectAllowed = "move";
                      const row = (event.currentTarget as HTMLElement).closest("li");
                      if (row) event.dataTransfer.setDragImage(row, 24, 24);
                      setDragging(index);
                    }}
                    onDragEnd={() => setDragging(null)}
                    onKeyDown={(event: KeyboardEvent) => {
                      if (event.key === "ArrowUp") {
                        event.preventDefault();
                        moveTo(index, index - 1, "handle");
                      } else if (event.key === "ArrowDown") {
                        event.preventDefault();
                        moveTo(index, index + 1, "handle");
                      }
                    }}
                    sx={{ cursor: "grab" }}
                  >
                    <DragIcon />
                  </IconButton>
                  <IconButton
                    data-control="up"
                    size="small"
                    aria-label={translate("shop.images.move_up")}
                    disabled={index === 0}
                    onClick={() => moveTo(index, index - 1, "up")}
                  >
                    <ArrowUpIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    data-control="down"
                    size="small"
                    aria-label={translate("shop.images.move_down")}
                    disabled={index === fields.length - 1}
                    onClick={() => moveTo(index, index + 1, "down")}
                  >
                    <ArrowDownIcon fontSize="small" />
                  </IconButton>
                </Box>
                <Box sx={{ gridRow: { xs: "span 1", sm: "span 1" } }}>
                  {typeof img === "string" && (
                    <Box
                      component="img"
                      src={thumbnailOf(img)}
                      alt=""
                      width={96}
                      height={96}
                      sx={{
                        width: 96,
                        height: 96,
                        objectFit: "contain",
                        borderRadius: 1,
                        bgcolor: "grey.100",
                      }}
                    />
                  )}
                </Box>
                <Box
                  sx={{ display: "grid", gap: 1.5, gridColumn: { xs: "1 / -1", sm: "auto" }, minWidth: 0 }}
                >
                  <AltField name={name} />
                  <ColourField name={name} colours={colours} />
                  <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
                    {index === 0 ? (
                      <Chip
                        icon={<StarIcon />}
                        color="primary"
                        size="small"
                        label={translate("shop.images.main")}
                      />
                    ) : (
                      <Button
                        size="small"
                        data-control="main"
                        startIcon={<StarOutlineIcon />}
                        onClick={() => moveTo(index, 0, "handle")}
                      >
                        {translate("shop.images.make_main")}
                      </Button>
                    )}
                    <Button
                      size="small"
                      color="error"
                      startIcon={<DeleteIcon />}
                      onClick={() => {
                        remove(index);
                        setAnnouncement(translate("shop.images.removed", { position: index + 1 }));
                      }}
                    >
                      {translate("shop.images.remove")}
                    </Button>
                  </Box>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
      <Box
        aria-live="polite"
        sx={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}
      >
        {announcement}
      </Box>
      {sending.length > 0 && (
        <Box sx={{ display: "grid", gap: 1 }}>
          {total > 0 && (
            <>
              <Typography variant="body2" id={`${inputId}-progress`}>
                {translate("shop.images.uploading", { done, total })}
              </Typography>
              <LinearProgress variant="determinate" value={overall} aria-labelledby={`${inputId}-progress`} />
            </>
          )}
          <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 0.5 }}>
            {sending.map((item) => (
              <Box component="li" key={item.key} sx={{ display: "grid", gap: 0.25 }}>
                {item.name && (
                  <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                    {item.name}
                    {!item.error && item.share >= 1 ? ` — ${translate("shop.images.added")}` : ""}
                  </Typography>
                )}
                {item.error ? (
                  <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
                    <FormHelperText error sx={{ m: 0 }}>
                      {item.name ? translate("shop.images.not_added", { message: item.error }) : item.error}
                    </FormHelperText>
                    <Button
                      size="small"
                      onClick={() => setSending((current) => current.filter((s) => s.key !== item.key))}
                    >
                      {translate("shop.images.dismiss")}
                    </Button>
                  </Box>
                ) : (
                  item.share < 1 && (
                    <LinearProgress
                      variant="determinate"
                      value={item.share * 100}
                      aria-label={translate("shop.images.sending", { name: item.name })}
                    />
                  )
                )}
              </Box>
            ))}
          </Box>
        </Box>
      )}
      <Box>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          aria-label={translate("shop.images.choose_files")}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = "";
            if (files.length) void addFiles(files);
          }}
        />
        <Button
          variant="outlined"
          startIcon={<AddPhotoIcon />}
          onClick={() => fileInput.current?.click()}
          disabled={room <= 0}
          aria-describedby={`${inputId}-help`}
        >
          {translate("shop.images.add")}
        </Button>
      </Box>
    </Box>
  );
}

function AltField({ name }: { name: string }) {
  const translate = useTranslate();
  const { field } = useController({ name: `${name}.alt` });
  return (
    <TextField
      label={translate("shop.images.alt")}
      helperText={translate("shop.images.alt_help")}
      value={field.value ?? ""}
      onChange={field.onChange}
      onBlur={field.onBlur}
      slotProps={{ htmlInput: { maxLength: 200 } }}
      fullWidth
      size="small"
    />
  );
}
