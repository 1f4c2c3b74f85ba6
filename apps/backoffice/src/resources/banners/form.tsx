import { BANNER_POSITIONS } from "@shop/domain/banners";
import {
  BooleanInput,
  DateTimeInput,
  NumberInput,
  required,
  SimpleForm,
  TextInput,
  useTranslate,
} from "react-admin";
import { formViews } from "../../components/form-views.tsx";
import { UploadImageInput } from "../../components/image-input.tsx";
import { BannerPreview } from "./preview.tsx";

/** The input's local "2030-01-31T10:00" as the moment it names (an ISO date-time); empty: no date. */
const toMoment = (value: string) => (value ? new Date(value).toISOString() : null);

/** The end, when both dates are set, must come after the start (the API refuses it too). */
const endAfterStart = (value: unknown, values: { startsAt?: unknown }) => {
  if (!value || !values.startsAt) return undefined;
  const end = new Date(value as string | Date).getTime();
  const start = new Date(values.startsAt as string | Date).getTime();
  return end > start ? undefined : "shop.banners.end_after_start";
};

function BannerForm() {
  const translate = useTranslate();
  return (
    <SimpleForm>
      <TextInput source="title" validate={required()} />
      <TextInput source="subtitle" />
      <UploadImageInput source="img" validate={required()} />
      <TextInput source="link" helperText="shop.banners.link_help" />
      <TextInput
        source="position"
        validate={required()}
        helperText={translate("shop.banners.position_help", {
          positions: Object.keys(BANNER_POSITIONS).join(", "),
        })}
      />
      <NumberInput source="sortOrder" min={0} step={1} />
      <BooleanInput source="active" defaultValue />
      <DateTimeInput source="startsAt" parse={toMoment} helperText="shop.banners.starts_help" />
      <DateTimeInput
        source="endsAt"
        parse={toMoment}
        validate={endAfterStart}
        helperText="shop.banners.ends_help"
      />
      <BannerPreview />
    </SimpleForm>
  );
}

export const { Create: BannerCreate, Edit: BannerEdit } = formViews(BannerForm);
