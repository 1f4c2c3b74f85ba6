/** The brands list with search. */
import type { Brand } from "@shop/domain/schemas/public";
import { Datagrid, List, NumberField, SearchInput, SimpleList, TextField } from "react-admin";
import { csvExporter } from "../../components/csv-exporter.ts";
import { useSmallScreen } from "../../components/use-small-screen.ts";

export function BrandList() {
  const small = useSmallScreen();
  return (
    <List
      exporter={csvExporter}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: "name", order: "ASC" }}
      perPage={25}
    >
      {small ? (
        <SimpleList<Brand>
          primaryText={(brand) => brand.name}
          secondaryText={(brand) => brand.slug}
          tertiaryText={(brand) => brand.productCount}
          rowClick="edit"
        />
      ) : (
        <Datagrid rowClick="edit">
          <TextField source="name" />
          <TextField source="slug" sortable={false} />
          <NumberField source="productCount" />
        </Datagrid>
      )}
    </List>
  );
}
