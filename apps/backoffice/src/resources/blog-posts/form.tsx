/** The blog post create and edit screens. */
import { DateTimeInput, required, SimpleForm, TextArrayInput, TextInput } from "react-admin";
import { formViews } from "../../components/form-views.tsx";
import { UploadImageInput } from "../../components/image-input.tsx";

function BlogPostForm() {
  return (
    <SimpleForm>
      <TextInput source="title" validate={required()} />
      <TextInput source="slug" helperText="shop.products.slug_help" />
      <TextInput source="excerpt" validate={required()} multiline />
      <TextInput source="body" validate={required()} multiline minRows={8} />
      <UploadImageInput source="img" />
      <TextInput source="author" validate={required()} />
      <TextInput source="category" validate={required()} />
      <TextArrayInput source="tags" />
      <DateTimeInput source="publishedAt" />
    </SimpleForm>
  );
}

/** An empty slug or picture is left to the API (it makes them from the title). */
const toBlogPostInput = (data: Record<string, unknown>) => ({
  ...data,
  slug: data.slug || undefined,
  img: data.img || undefined,
  publishedAt: data.publishedAt ? new Date(String(data.publishedAt)).toISOString() : undefined,
});

export const { Create: BlogPostCreate, Edit: BlogPostEdit } = formViews(BlogPostForm, {
  transform: toBlogPostInput,
});
