/**
 * The back office's data provider: ra-data-simple-rest over /api (totals from X-Total-Count), wrapped to map
 * resource names to the API's paths, upload chosen images before a save, and hold the few named exceptions.
 */
import { isUpdateRateSuccess } from "@shop/domain/exchange";
import type { Dashboard } from "@shop/domain/schemas/admin";
import simpleRestProvider from "ra-data-simple-rest";
import type {
  CreateParams,
  CreateResult,
  DataProvider,
  GetListParams,
  GetListResult,
  GetOneParams,
  GetOneResult,
  RaRecord,
} from "react-admin";
import type { HttpClient } from "./http-client.ts";

/** react-admin's resource names that differ from the API's paths. */
const PATHS: Record<string, string> = {
  products: "product",
  "blog-posts": "blog",
  "contact-messages": "contact",
};

/** Resources whose DELETE answers 204 with no body: the deleted record is the one we had. */
const DELETE_WITHOUT_BODY = new Set(["banners", "blog-posts"]);

export const apiPath = (resource: string) => PATHS[resource] ?? resource;

/** What react-admin's ImageInput/FileInput put in a form value for a newly chosen file. */
interface ChosenFile {
  rawFile: Blob;
}
const isChosenFile = (value: unknown): value is ChosenFile =>
  !!value && typeof value === "object" && (value as ChosenFile).rawFile instanceof Blob;

export interface ExchangeRateRecord extends RaRecord {
  date: string;
  rate: number;
  fromCurrency: string;
  toCurrency: string;
}

export interface UpdateRateAnswer {
  success?: boolean;
  message?: string;
  rate: number;
  lastUpdated: string;
}

export interface ShopDataProvider extends DataProvider {
  /** GET /dashboard: the figures of the last `days` days. */
  dashboard(days?: number): Promise<Dashboard>;
  /** POST /uploads: stores one image and answers its URL. */
  upload(file: Blob, name?: string): Promise<string>;
  /** DELETE /users/{id}/sessions: ends every session of that user at once; answers how many were open. */
  endSessions(userId: string): Promise<{ message: string; ended: number }>;
}

export function createDataProvider(apiUrl: string, httpClient: HttpClient): ShopDataProvider {
  const rest = simpleRestProvider(apiUrl, httpClient, "X-Total-Count");

  async function upload(file: Blob, name = (file as File).name ?? "image"): Promise<string> {
    const body = new FormData();
    body.append("file", file, name);
    const { json } = await httpClient(`${apiUrl}/uploads`, { method: "POST", body });
    return (json as { url: string }).url;
  }

  /** Every newly chosen file anywhere in the record is uploaded first and replaced by its URL. */
  async function withUploads<T>(value: T): Promise<T> {
    if (isChosenFile(value)) return (await upload(value.rawFile)) as T;
    if (Array.isArray(value)) {
      const items = [];
      // One at a time: several large images at once would compete for the same connection.
      for (const item of value) items.push(await withUploads(item));
      return items as T;
    }
    if (value && typeof value === "object" && !(value instanceof Date) && !(value instanceof Blob)) {
      const entries = [];
      for (const [key, item] of Object.entries(value)) entries.push([key, await withUploads(item)]);
      return Object.fromEntries(entries) as T;
    }
    return value;
  }

  // Named exception: exchange rates are not a REST collection. The list is the rate history
  // (GET /Exchange/history?days=), "current" is GET /Exchange/rate, and a create stores a new rate
  // through POST /exchange-admin/update-rate.
  const exchangeRates = {
    async getList(params: GetListParams): Promise<GetListResult> {
      const days = Number(params.filter?.days ?? 30);
      const { json } = await httpClient(`${apiUrl}/Exchange/history?days=${encodeURIComponent(days)}`);
      const data = (json as Omit<ExchangeRateRecord, "id">[]).map((entry) => ({ ...entry, id: entry.date }));
      return { data, total: data.length };
    },
    async getOne(params: GetOneParams): Promise<GetOneResult> {
      const { json } = await httpClient(`${apiUrl}/Exchange/rate?from=USD&to=DOP`);
      return { data: { ...(json as object), id: params.id } };
    },
    async create(params: CreateParams): Promise<CreateResult> {
      const { json } = await httpClient(`${apiUrl}/exchange-admin/update-rate`, {
        method: "POST",
        body: JSON.stringify({ rate: Number(params.data.rate) }),
      });
      const answer = json as UpdateRateAnswer;
      if (!isUpdateRateSuccess(answer)) throw new Error(answer.message || "The rate was not updated");
      return { data: { ...answer, id: answer.lastUpdated } };
    },
  };

  const provider: ShopDataProvider = {
    getList: (resource, params) =>
      resource === "exchange-rates" ? exchangeRates.getList(params) : rest.getList(apiPath(resource), params),
    getOne: (resource, params) =>
      resource === "exchange-rates" ? exchangeRates.getOne(params) : rest.getOne(apiPath(resource), params),
    getMany: (resource, params) => rest.getMany(apiPath(resource), params),
    getManyReference: (resource, params) => rest.getManyReference(apiPath(resource), params),
    create: async (resource, params) => {
      const data = await withUploads(params.data);
      return resource === "exchange-rates"
        ? exchangeRates.create({ ...params, data })
        : rest.create(apiPath(resource), { ...params, data });
    },
    update: async (resource, params) =>
      rest.update(apiPath(resource), { ...params, data: await withUploads(params.data) }),
    updateMany: (resource, params) => rest.updateMany(apiPath(resource), params),
    delete: async (resource, params) => {
      const result = await rest.delete(apiPath(resource), params);
      if (DELETE_WITHOUT_BODY.has(resource) && result.data === undefined) {
        return { data: params.previousData ?? ({ id: params.id } as never) };
      }
      return result;
    },
    deleteMany: async (resource, params) => {
      if (!DELETE_WITHOUT_BODY.has(resource)) return rest.deleteMany(apiPath(resource), params);
      // simple-rest reads each answer's id, and these answers have none: the ids asked for are the ones deleted.
      for (const id of params.ids) await provider.delete(resource, { id });
      return { data: params.ids };
    },
    upload,
    async dashboard(days = 30) {
      const { json } = await httpClient(`${apiUrl}/dashboard?days=${days}`);
      return json as Dashboard;
    },
    async endSessions(userId) {
      const { json } = await httpClient(`${apiUrl}/users/${encodeURIComponent(userId)}/sessions`, {
        method: "DELETE",
      });
      return json as { message: string; ended: number };
    },
  };
  return provider;
}
