/**
 * Form checks with @shop/domain's public schemas, the ones the API validates with. The schemas (zod) load on the
 * first submit, in the chunk the API client already shares, so no page carries them in its own code.
 */
import type * as Schemas from "@shop/domain/schemas/public";

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

interface Issue {
  path: PropertyKey[];
  code: string;
  message: string;
}
interface Checkable {
  safeParse(value: unknown): { success: boolean; error?: { issues: Issue[] } };
}

/**
 * The first problem of each field, worded for the shopper: "Enter your email" for an empty field,
 * "Email must be a valid email address" otherwise (the schemas' own wording).
 */
export async function checkFields<F extends string>(
  pick: (schemas: typeof Schemas) => Checkable,
  values: object,
  labels: Record<F, string>,
): Promise<FieldErrors<F>> {
  const parsed = pick(await import("@shop/domain/schemas/public")).safeParse(values);
  const errors: FieldErrors<F> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as F;
    if (!(field in labels) || errors[field]) continue;
    const label = labels[field];
    const value = (values as Record<string, unknown>)[field];
    errors[field] =
      value === "" || value === undefined || value === null
        ? `Enter ${label.toLowerCase()}`
        : issue.code === "too_big"
          ? `${label} is too long`
          : issue.message.startsWith("must")
            ? `${label} ${issue.message}`
            : `${label} is not valid`;
  }
  return errors;
}

export const hasErrors = (errors: object) => Object.values(errors).some(Boolean);

/**
 * The server's reason for refusing a new password (too common, the email, one character repeated: the API's
 * PASSWORD_REFUSED), to show under the password field; null for any other failure.
 */
export function passwordRefusal(error: unknown): string | null {
  const body = (error as { body?: { code?: unknown; message?: unknown } } | null)?.body;
  return body && body.code === "PASSWORD_REFUSED" && typeof body.message === "string" ? body.message : null;
}
