/**
 * The products list: filters (type, category, brand, status, price, search), sort and bulk delete. The choices
 * (type, category, brand, status) apply when made; the search and the prices when typing pauses.
 */
import type { Product } from "@shop/domain/schemas";
import {
  AutocompleteInput,
  BooleanField,
  Datagrid,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  ReferenceInput,
  type ReferenceInputProps,
  SearchInput,
  SelectField,
  TextField,
  useRecordContext,
} from "react-admin";
import { productStatusChoices, productTypeChoices } from "../../choices.ts";
import { AppliedAtOnce, SelectFilter } from "../../components/filters.tsx";
import { MoneyField } from "../../components/money.tsx";

const typeChoices = productTypeChoices;
const statusChoices = productStatusChoices;

/**
 * A category or brand among the filters, applied when picked. Kept here, not in components/filters.tsx, so the lists
 * that only have selects do not load the autocomplete.
 */
function ReferenceFilter(props: ReferenceInputProps) {
  return (
    <AppliedAtOnce>
      <ReferenceInput {...props} />
    </AppliedAtOnce>
  );
}

const productFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectFilter key="productType" source="productType" choices={typeChoices} alwaysOn />,
  <ReferenceFilter
    key="categoryId"
    source="categoryId"
    reference="categories"
    sort={{ field: "name", order: "ASC" }}
  >
    <AutocompleteInput optionText="name" />
  </ReferenceFilter>,
  <ReferenceFilter key="brandId" source="brandId" reference="brands" sort={{ field: "name", order: "ASC" }}>
    <AutocompleteInput optionText="name" />
  </ReferenceFilter>,
  <SelectFilter key="status" source="status" choices={statusChoices} />,
  <NumberInput key="minPrice" source="minPrice" min={0} />,
  <NumberInput key="maxPrice" source="maxPrice" min={0} />,
];

function Thumbnail() {
  const record = useRecordContext<Product>();
  if (!record?.img) return null;
  return (
    <img src={record.img} alt="" width={40} height={40} style={{ objectFit: "contain" }} loading="lazy" />
  );
}

export function ProductList() {
  return (
    <List filters={productFilters} sort={{ field: "createdAt", order: "DESC" }} perPage={25}>
      <Datagrid rowClick="edit">
        <FunctionField label="resources.products.fields.img" render={() => <Thumbnail />} sortable={false} />
        <TextField source="title" />
        <TextField source="sku" />
        <TextField source="category.name" label="resources.products.fields.categoryId" sortable={false} />
        <TextField source="brand.name" label="resources.products.fields.brandId" sortable={false} />
        <MoneyField source="price" sortable textAlign="right" />
        <NumberField source="discount" />
        <NumberField source="quantity" />
        <SelectField source="status" choices={statusChoices} sortable={false} />
        <BooleanField source="featured" />
      </Datagrid>
    </List>
  );
}
