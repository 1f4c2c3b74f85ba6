/** List endpoints: paging, sorting and filtering from the storefront's page/pageSize or react-admin's sort/range/filter, and the X-Total-Count headers. */
import { LISTING_LIMITS } from "@shop/domain/catalogue";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@shop/domain/constants";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { badRequest } from "./http-errors.ts";

export interface ListRequest {
  page: number;
  pageSize: number;
  offset: number;
  /** From react-admin's sort=["field","ASC"]; null when absent. */
  sort: { field: string; order: "asc" | "desc" } | null;
  /** From react-admin's filter={...}, merged with plain query parameters. */
  filter: Record<string, unknown>;
}

/** Query parameters every list accepts; the per-resource filters are added by each route. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(LISTING_LIMITS.maxPage).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  sort: z.string().max(200).optional(),
  range: z.string().max(100).optional(),
  filter: z.string().max(4000).optional(),
});

function parseJson(name: string, raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(
      `${name} must be JSON, for example ${name}=${name === "range" ? "[0,24]" : '["id","ASC"]'}`,
    );
  }
}

export function parseListQuery(
  query: z.infer<typeof listQuerySchema>,
  options: { sortFields: readonly string[]; defaultPageSize?: number },
): ListRequest {
  let pageSize = query.pageSize ?? options.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  let offset = ((query.page ?? 1) - 1) * pageSize;

  if (query.range !== undefined) {
    const range = z
      .tuple([z.number().int().min(0), z.number().int().min(0)])
      .safeParse(parseJson("range", query.range));
    if (!range.success || range.data[1] < range.data[0]) {
      throw badRequest("range must be [first, last] with 0 <= first <= last");
    }
    const [first, last] = range.data;
    pageSize = last - first + 1;
    if (pageSize > MAX_PAGE_SIZE)
      throw badRequest(`range asks for ${pageSize} rows; the most is ${MAX_PAGE_SIZE}`);
    offset = first;
  }

  let sort: ListRequest["sort"] = null;
  if (query.sort?.trim().startsWith("[")) {
    const parsed = z
      .tuple([z.string(), z.string().transform((o) => o.toLowerCase())])
      .safeParse(parseJson("sort", query.sort));
    if (!parsed.success || (parsed.data[1] !== "asc" && parsed.data[1] !== "desc")) {
      throw badRequest('sort must be ["field","ASC"] or ["field","DESC"]');
    }
    const [field, order] = parsed.data;
    if (!options.sortFields.includes(field)) {
      throw badRequest(`Cannot sort by '${field}'; sort by one of: ${options.sortFields.join(", ")}`);
    }
    sort = { field, order: order as "asc" | "desc" };
  }

  let filter: Record<string, unknown> = {};
  if (query.filter !== undefined) {
    const parsed = parseJson("filter", query.filter);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw badRequest('filter must be a JSON object, for example filter={"q":"ring"}');
    }
    filter = parsed as Record<string, unknown>;
  }

  return { page: Math.floor(offset / pageSize) + 1, pageSize, offset, sort, filter };
}

/** Reads one filter value with a schema, naming the filter in the error. */
export function filterValue<T extends z.ZodType>(
  filter: Record<string, unknown>,
  name: string,
  schema: T,
): z.infer<T> | undefined {
  const value = filter[name];
  if (value === undefined || value === null || value === "") return undefined;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(`filter.${name}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}

/** The ids react-admin's getMany asks for: filter={"id":[...]}. */
export function filterIds(filter: Record<string, unknown>): string[] | undefined {
  return filterValue(
    filter,
    "id",
    z
      .union([z.string(), z.array(z.string()).max(MAX_PAGE_SIZE)])
      .transform((v) => (Array.isArray(v) ? v : [v])),
  );
}

export function sendList<T>(
  reply: FastifyReply,
  items: T[],
  total: number,
  list: Pick<ListRequest, "page" | "pageSize" | "offset">,
): T[] {
  setListHeaders(reply, items.length, total, list);
  return items;
}

/** The headers of a list page holding `count` of `total` records. */
export function setListHeaders(
  reply: FastifyReply,
  count: number,
  total: number,
  list: Pick<ListRequest, "page" | "pageSize" | "offset">,
): void {
  const totalPages = Math.ceil(total / list.pageSize);
  reply.header("X-Total-Count", String(total));
  reply.header("X-Total-Pages", String(totalPages));
  reply.header("X-Current-Page", String(list.page));
  reply.header("X-Page-Size", String(list.pageSize));
  const last = count ? list.offset + count - 1 : list.offset;
  reply.header("Content-Range", `items ${list.offset}-${last}/${total}`);
}

export const LIST_HEADERS = [
  "X-Total-Count",
  "X-Total-Pages",
  "X-Current-Page",
  "X-Page-Size",
  "Content-Range",
];

/** "true" / "false" in a query string. */
export const booleanText = z.enum(["true", "false"], "must be true or false").transform((v) => v === "true");
/** react-admin sends filter values as JSON, so a boolean may arrive as true or as "true". */
export const booleanFilter = z.union([z.boolean(), booleanText]);
/** Free text in a filter or search box. */
export const searchTextSchema = z.string().trim().max(200);
/** A record's id (or slug, where the resource has one) in the path. */
export const idParams = z.object({ id: z.string().min(1).max(200) });
