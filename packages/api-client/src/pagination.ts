/** Paginated lists: from the X-Total-Count family of headers over a JSON array, or from a wrapped body; the same result either way. */
import { type Paginated, paginatedSchema } from "@shop/domain/schemas/public";
import { z } from "zod";
import { ApiContractError } from "./errors.ts";

export type { Paginated };

export const PAGINATION_HEADERS = {
  totalCount: "X-Total-Count",
  totalPages: "X-Total-Pages",
  currentPage: "X-Current-Page",
  pageSize: "X-Page-Size",
} as const;

const headerNumbers = z.object({
  totalCount: z.coerce.number().int().nonnegative(),
  totalPages: z.coerce.number().int().nonnegative(),
  currentPage: z.coerce.number().int().positive(),
  pageSize: z.coerce.number().int().positive(),
});

function fail(call: string, status: number, body: unknown, issues: z.core.$ZodIssue[]): never {
  throw new ApiContractError(call, status, body, issues);
}

/**
 * A list answer as a Paginated<T>. A body `{ items, totalCount, totalPages, currentPage, pageSize }` is read
 * as it is; a JSON array takes its numbers from the headers. An array without those headers (a list the server
 * does not page) counts as one page holding everything; a header that is there but not a number is a contract error.
 */
export function readPaginated<T extends z.ZodType>(
  call: string,
  itemSchema: T,
  status: number,
  headers: Headers,
  body: unknown,
): Paginated<z.infer<T>> {
  if (!Array.isArray(body)) {
    const parsed = paginatedSchema(itemSchema).safeParse(body);
    if (!parsed.success) fail(call, status, body, parsed.error.issues);
    return parsed.data as Paginated<z.infer<T>>;
  }
  const items = z.array(itemSchema).safeParse(body);
  if (!items.success) fail(call, status, body, items.error.issues);
  const header = (name: string) => headers.get(name) ?? undefined;
  const totalCount = header(PAGINATION_HEADERS.totalCount) ?? items.data.length;
  const pageSize = header(PAGINATION_HEADERS.pageSize) ?? Math.max(items.data.length, 1);
  const numbers = headerNumbers.safeParse({
    totalCount,
    pageSize,
    currentPage: header(PAGINATION_HEADERS.currentPage) ?? 1,
    totalPages: header(PAGINATION_HEADERS.totalPages) ?? Math.ceil(Number(totalCount) / Number(pageSize)),
  });
  if (!numbers.success) {
    fail(
      call,
      status,
      body,
      numbers.error.issues.map((issue) => ({
        ...issue,
        path: [PAGINATION_HEADERS[issue.path[0] as keyof typeof PAGINATION_HEADERS] ?? "headers"],
      })),
    );
  }
  return { items: items.data as z.infer<T>[], ...numbers.data };
}
