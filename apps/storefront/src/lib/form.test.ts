// Field errors from the API's own schemas, worded for the shopper.
import { expect, it } from "vitest";
import { checkFields, hasErrors } from "./form.ts";

const labels = { firstName: "First name", lastName: "Last name", email: "Email", password: "Password" };

it("asks for empty fields and repeats the schema's reason for the others", async () => {
  const errors = await checkFields(
    (s) => s.registerBodySchema,
    { firstName: "Ana", lastName: "", email: "ana@", password: "short" },
    labels,
  );
  expect(errors).toEqual({
    lastName: "Enter last name",
    email: "Email must be a valid email address",
    password: "Password must be at least 8 characters",
  });
  expect(hasErrors(errors)).toBe(true);
});

it("finds nothing wrong in good values", async () => {
  const errors = await checkFields(
    (s) => s.registerBodySchema,
    { firstName: "Ana", lastName: "Peña", email: "ana@shop.test", password: "long enough" },
    labels,
  );
  expect(errors).toEqual({});
  expect(hasErrors({ email: undefined })).toBe(false);
});
