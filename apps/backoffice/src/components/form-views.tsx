/**
 * A resource's create and edit screens around its one form. Edits wait for the API (pessimistic), so a refused
 * save shows the API's reasons beside the fields and keeps what was typed.
 */
import type { ComponentType } from "react";
import { Create, Edit, type RedirectionSideEffect, type TransformData } from "react-admin";

export function formViews(
  Form: ComponentType,
  options: { transform?: TransformData; createRedirect?: RedirectionSideEffect } = {},
) {
  const { transform, createRedirect = "list" } = options;
  return {
    Create: () => (
      <Create transform={transform} redirect={createRedirect}>
        <Form />
      </Create>
    ),
    Edit: () => (
      <Edit transform={transform} mutationMode="pessimistic">
        <Form />
      </Edit>
    ),
  };
}
