/** The review moderation screen: reviews by status, approve, reject or delete. */
import {
  Datagrid,
  DeleteButton,
  List,
  NumberField,
  SearchInput,
  SelectField,
  SimpleList,
  TextField,
} from "react-admin";
import { reviewStatusChoices } from "../../choices.ts";
import { csvExporter } from "../../components/csv-exporter.ts";
import { DateField } from "../../components/date-field.tsx";
import { SelectFilter } from "../../components/filters.tsx";
import { useSmallScreen } from "../../components/use-small-screen.ts";
import { ModerationButtons } from "./moderation.tsx";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectFilter key="status" source="status" choices={reviewStatusChoices} alwaysOn />,
];

export function ReviewList() {
  const small = useSmallScreen();
  return (
    <List
      exporter={csvExporter}
      filters={filters}
      filterDefaultValues={{ status: "pending" }}
      sort={{ field: "createdAt", order: "DESC" }}
      perPage={25}
    >
      {small ? (
        <SimpleList
          primaryText={(review) => review.productTitle}
          secondaryText={(review) => (
            <>
              {review.review}
              <ModerationButtons />
            </>
          )}
          tertiaryText={(review) => `${review.rating} ★`}
          rowClick={false}
        />
      ) : (
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
      )}
    </List>
  );
}
