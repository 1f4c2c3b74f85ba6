/** The blog posts list, newest first, with search. */
import { Datagrid, DateField, List, SearchInput, TextField } from "react-admin";

export function BlogPostList() {
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: "publishedAt", order: "DESC" }}
    >
      <Datagrid rowClick="edit">
        <TextField source="title" />
        <TextField source="author" />
        <TextField source="category" />
        <DateField source="publishedAt" />
      </Datagrid>
    </List>
  );
}
