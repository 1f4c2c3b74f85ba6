/** One contact message, and marking it handled (or waiting again). */
import DoneIcon from "@mui/icons-material/Done";
import UndoIcon from "@mui/icons-material/Replay";
import {
  BooleanField,
  Button,
  EmailField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useUpdate,
} from "react-admin";
import { DateField } from "../../components/date-field.tsx";

function HandledButton() {
  const message = useRecordContext<{ id: string; handled: boolean }>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  if (!message) return null;
  const handled = !message.handled;
  return (
    <Button
      variant="contained"
      disabled={isPending}
      label={handled ? "shop.contact.mark_handled" : "shop.contact.mark_waiting"}
      startIcon={handled ? <DoneIcon /> : <UndoIcon />}
      onClick={() =>
        update(
          "contact-messages",
          { id: message.id, data: { handled }, previousData: message },
          {
            mutationMode: "pessimistic",
            onSuccess: () =>
              notify(handled ? "shop.contact.marked_handled" : "shop.contact.marked_waiting", {
                type: "success",
              }),
            onError: (error) => notify((error as Error).message, { type: "error" }),
          },
        )
      }
    />
  );
}

export function ContactMessageShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <HandledButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="name" />
        <EmailField source="email" />
        <TextField source="subject" />
        <DateField source="createdAt" showTime />
        <TextField source="message" sx={{ whiteSpace: "pre-wrap" }} />
        <BooleanField source="handled" />
        <DateField source="handledAt" showTime emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
