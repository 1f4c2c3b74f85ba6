/** The synonym create and edit screens: a word or phrase shoppers type, and what it means in the catalogue. */
import { maxLength, required, SimpleForm, TextInput } from "react-admin";
import { formViews } from "../../components/form-views.tsx";

const validate = [required(), maxLength(80)];

function SynonymForm() {
  return (
    <SimpleForm>
      <TextInput source="term" validate={validate} helperText="shop.synonyms.termHelp" />
      <TextInput source="meaning" validate={validate} helperText="shop.synonyms.meaningHelp" />
    </SimpleForm>
  );
}

export const { Create: SynonymCreate, Edit: SynonymEdit } = formViews(SynonymForm);
