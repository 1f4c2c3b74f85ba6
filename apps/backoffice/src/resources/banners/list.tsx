/** The banners list, by position and order, with each one's dates and whether it shows now. */
import { bannerStatus } from "@shop/domain/banners";
import type { Banner } from "@shop/domain/schemas/public";
import {
  BooleanField,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SimpleList,
  TextField,
  TextInput,
  useTranslate,
} from "react-admin";
import { csvExporter } from "../../components/csv-exporter.ts";
import { useSmallScreen } from "../../components/use-small-screen.ts";

const filters = [<SearchInput key="q" source="q" alwaysOn />, <TextInput key="position" source="position" />];

export function BannerList() {
  const translate = useTranslate();
  const small = useSmallScreen();
  return (
    <List exporter={csvExporter} filters={filters} sort={{ field: "position", order: "ASC" }} perPage={25}>
      {small ? (
        <SimpleList<Banner>
          leftAvatar={(banner) => (
            <img src={banner.img} alt="" width={40} height={40} style={{ objectFit: "cover" }} />
          )}
          primaryText={(banner) => banner.title}
          secondaryText={(banner) =>
            `${banner.position} · ${translate(`shop.banners.${bannerStatus(banner, Date.now())}`)}`
          }
          rowClick="edit"
        />
      ) : (
        <Datagrid rowClick="edit">
          <FunctionField
            source="img"
            sortable={false}
            render={(banner: Banner) => (
              <img src={banner.img} alt="" width={96} height={40} style={{ objectFit: "cover" }} />
            )}
          />
          <TextField source="title" />
          <TextField source="position" />
          <NumberField source="sortOrder" />
          <BooleanField source="active" />
          <DateField source="startsAt" showTime emptyText="—" />
          <DateField source="endsAt" showTime emptyText="—" />
          <FunctionField
            source="status"
            sortable={false}
            render={(banner: Banner) => translate(`shop.banners.${bannerStatus(banner, Date.now())}`)}
          />
        </Datagrid>
      )}
    </List>
  );
}
