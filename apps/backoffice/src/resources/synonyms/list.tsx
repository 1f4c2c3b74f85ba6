/** The synonyms list: what shoppers type and what it means in the catalogue, with a text filter. */
import type { Synonym } from "@shop/domain/search";
import { Datagrid, List, SearchInput, SimpleList, TextField } from "react-admin";
import { csvExporter } from "../../components/csv-exporter.ts";
import { DateField } from "../../components/date-field.tsx";
import { useSmallScreen } from "../../components/use-small-screen.ts";

export function SynonymList() {
  const small = useSmallScreen();
  return (
    <List
      exporter={csvExporter}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: "term", order: "ASC" }}
      perPage={25}
    >
      {small ? (
        <SimpleList<Synonym>
          primaryText={(synonym) => synonym.term}
          secondaryText={(synonym) => synonym.meaning}
          rowClick="edit"
        />
      ) : (
        <Datagrid rowClick="edit">
          <TextField source="term" />
          <TextField source="meaning" />
          <DateField source="updatedAt" />
        </Datagrid>
      )}
    </List>
  );
}
