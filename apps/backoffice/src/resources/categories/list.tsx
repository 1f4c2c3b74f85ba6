/** The categories list: search and type filter. */
import type { Category } from "@shop/domain/schemas/public";
import {
  Datagrid,
  List,
  NumberField,
  SearchInput,
  SelectField,
  SimpleList,
  TextField,
  useTranslate,
} from "react-admin";
import { productTypeChoices } from "../../choices.ts";
import { csvExporter } from "../../components/csv-exporter.ts";
import { SelectFilter } from "../../components/filters.tsx";
import { useSmallScreen } from "../../components/use-small-screen.ts";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectFilter key="productType" source="productType" choices={productTypeChoices} />,
];

export function CategoryList() {
  const small = useSmallScreen();
  const translate = useTranslate();
  return (
    <List exporter={csvExporter} filters={filters} sort={{ field: "name", order: "ASC" }} perPage={25}>
      {small ? (
        <SimpleList<Category>
          primaryText={(category) => category.name}
          secondaryText={(category) => translate(`shop.product_types.${category.productType}`)}
          tertiaryText={(category) => category.productCount}
          rowClick="edit"
        />
      ) : (
        <Datagrid rowClick="edit">
          <TextField source="name" />
          <SelectField source="productType" choices={productTypeChoices} />
          <TextField source="slug" sortable={false} />
          <NumberField source="productCount" />
        </Datagrid>
      )}
    </List>
  );
}
