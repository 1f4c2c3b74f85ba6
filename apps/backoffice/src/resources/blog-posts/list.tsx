/** The blog posts list, newest first, with search. */

import type { BlogPost } from "@shop/domain/schemas/public";
import { Datagrid, List, SearchInput, SimpleList, TextField } from "react-admin";
import { csvExporter } from "../../components/csv-exporter.ts";
import { DateField } from "../../components/date-field.tsx";
import { useSmallScreen } from "../../components/use-small-screen.ts";

export function BlogPostList() {
  const small = useSmallScreen();
  return (
    <List
      exporter={csvExporter}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: "publishedAt", order: "DESC" }}
    >
      {small ? (
        <SimpleList<BlogPost>
          primaryText={(post) => post.title}
          secondaryText={(post) => post.author}
          tertiaryText={() => <DateField source="publishedAt" />}
          rowClick="edit"
        />
      ) : (
        <Datagrid rowClick="edit">
          <TextField source="title" />
          <TextField source="author" />
          <TextField source="category" />
          <DateField source="publishedAt" />
        </Datagrid>
      )}
    </List>
  );
}
