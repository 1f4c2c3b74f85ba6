/** The review moderation screen: reviews by status, approve, reject or delete. */
import {
  Datagrid,
  DateField,
  DeleteButton,
  List,
  NumberField,
  SearchInput,
  SelectField,
  TextField,
} from "react-admin";
import { reviewStatusChoices } from "../../choices.ts";
import { SelectFilter } from "../../components/filters.tsx";
import { ModerationButtons } from "./moderation.tsx";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectFilter key="status" source="status" choices={reviewStatusChoices} alwaysOn />,
];

export function ReviewList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: "pending" }}
      sort={{ field: "createdAt", order: "DESC" }}
      perPage={25}
    >
      <Datagrid rowClick={false}>
        <TextField source="productTitle" sortable={false} />
        <TextField source="name" sortable={false} />
        <TextField source="email" sortable={false} />
        <NumberField source="rating" />
        <TextField source="review" sortable={false} />
        <DateField source="date" sortBy="createdAt" />
        <SelectField source="status" choices={reviewStatusChoices} />
        <ModerationButtons />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  );
}
