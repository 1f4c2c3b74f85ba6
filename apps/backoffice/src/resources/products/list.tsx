/**
 * The products list: filters (type, category, brand, status, stock, price, search), sort and bulk delete. The
 * choices (type, category, brand, status, stock) apply when made; the search and the prices when typing pauses.
 */
import { LOW_STOCK_THRESHOLD } from "@shop/domain/constants";
import type { Product } from "@shop/domain/schemas/public";
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
  type SelectInputProps,
  SimpleList,
  TextField,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { productStatusChoices, productTypeChoices, stockLevelChoices } from "../../choices.ts";
import { AppliedAtOnce, SelectFilter } from "../../components/filters.tsx";
import { MoneyField } from "../../components/money.tsx";
import { useSmallScreen } from "../../components/use-small-screen.ts";
import { ProductListActions } from "./spreadsheet.tsx";

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

/** The stock filter: low (LOW_STOCK_THRESHOLD or fewer left) or out of stock, applied when chosen. */
function StockFilter(props: Omit<SelectInputProps, "choices">) {
  const translate = useTranslate();
  return (
    <SelectFilter
      {...props}
      choices={stockLevelChoices}
      translateChoice={false}
      optionText={(choice: { name: string }) => translate(choice.name, { threshold: LOW_STOCK_THRESHOLD })}
    />
  );
}

/** Every filter shows on a desk; on a phone the search and the type do, the others come through "Add filter". */
const productFilters = (small: boolean) => [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectFilter key="productType" source="productType" choices={typeChoices} alwaysOn />,
  <ReferenceFilter
    key="categoryId"
    source="categoryId"
    reference="categories"
    sort={{ field: "name", order: "ASC" }}
    alwaysOn={!small}
  >
    <AutocompleteInput optionText="name" />
  </ReferenceFilter>,
  <ReferenceFilter
    key="brandId"
    source="brandId"
    reference="brands"
    sort={{ field: "name", order: "ASC" }}
    alwaysOn={!small}
  >
    <AutocompleteInput optionText="name" />
  </ReferenceFilter>,
  <SelectFilter key="status" source="status" choices={statusChoices} alwaysOn={!small} />,
  <StockFilter key="stock" source="stock" alwaysOn={!small} />,
  <NumberInput key="minPrice" source="minPrice" min={0} alwaysOn={!small} />,
  <NumberInput key="maxPrice" source="maxPrice" min={0} alwaysOn={!small} />,
];

function Thumbnail() {
  const record = useRecordContext<Product>();
  if (!record?.img) return null;
  return (
    <img src={record.img} alt="" width={40} height={40} style={{ objectFit: "contain" }} loading="lazy" />
  );
}

export function ProductList() {
  const small = useSmallScreen();
  const translate = useTranslate();
  return (
    <List
      exporter={false}
      actions={<ProductListActions />}
      filters={productFilters(small)}
      sort={{ field: "createdAt", order: "DESC" }}
      perPage={25}
    >
      {small ? (
        <SimpleList<Product>
          leftAvatar={() => <Thumbnail />}
          primaryText={(product) => product.title}
          secondaryText={(product) =>
            translate("shop.dashboard.in_stock", { sku: product.sku, smart_count: product.quantity })
          }
          tertiaryText={() => <MoneyField source="price" />}
          rowClick="edit"
        />
      ) : (
        <Datagrid rowClick="edit">
          <FunctionField
            label="resources.products.fields.img"
            render={() => <Thumbnail />}
            sortable={false}
          />
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
      )}
    </List>
  );
}
