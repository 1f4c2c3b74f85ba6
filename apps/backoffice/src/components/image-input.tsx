/** One image field: shows the current picture and takes a new file, which the data provider uploads on save. */
import { ImageField, ImageInput, type ImageInputProps, useTranslate } from "react-admin";

export const IMAGE_ACCEPT = {
  "image/png": [".png"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/gif": [".gif"],
  "image/webp": [".webp"],
};
/** The API's upload limit (20 MiB). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** A stored URL is shown as a preview; a chosen file stays as react-admin gives it ({ rawFile, src, title }). */
export const formatImage = (value: unknown) =>
  typeof value === "string" && value ? { src: value, title: "" } : value;

export function UploadImageInput(props: Omit<ImageInputProps, "children">) {
  const translate = useTranslate();
  return (
    <ImageInput
      accept={IMAGE_ACCEPT}
      maxSize={MAX_IMAGE_BYTES}
      format={formatImage}
      // The drop zone's file input has no visible label of its own.
      inputProps={{ "aria-label": translate("shop.images.choose_file") }}
      {...props}
    >
      <ImageField source="src" title="title" />
    </ImageInput>
  );
}
