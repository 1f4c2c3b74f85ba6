/**
 * The back office's data provider: ra-data-simple-rest over /api (totals from X-Total-Count), wrapped to map
 * resource names to the API's paths, upload chosen images before a save, and hold the few named exceptions.
 */
import { isUpdateRateSuccess } from "@shop/domain/exchange";
import type {
  AdminVariants,
  AuditChain,
  CatalogueImportReport,
  Dashboard,
  VariantBulkInput,
  VariantsInput,
} from "@shop/domain/schemas/admin";
import type { OrderPayment, OrderReturn } from "@shop/domain/schemas/public";
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
  UpdateParams,
  UpdateResult,
} from "react-admin";
import type { HttpClient } from "./http-client.ts";
import { type SendProgress, sendWithProgress, UploadRefused, uploadWithProgress } from "./upload.ts";

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

export interface ReceiptSummary {
  month: string;
  byType: { type: string; count: number; total: number; itbis: number }[];
  byRate: { rate: number; base: number; itbis: number; gross: number }[];
  total: number;
  itbis: number;
}

export interface ShopDataProvider extends DataProvider {
  /** GET /dashboard: the figures of the last `days` days. */
  dashboard(days?: number): Promise<Dashboard>;
  /**
   * POST /uploads: stores one picture and answers its URL; `onProgress` hears the share of the file sent so far
   * (0 to 1).
   */
  upload(file: Blob, name?: string, onProgress?: (share: number) => void): Promise<string>;
  /** DELETE /users/{id}/sessions: ends every session of that user at once; answers how many were open. */
  endSessions(userId: string): Promise<{ message: string; ended: number }>;
  /** GET /audit/chain: whether the audit trail's chain of hashes holds, and where it first breaks. */
  auditChain(): Promise<AuditChain>;
  /** GET /admin/products/{id}/variants: the product's options and variants, as the grid edits them. */
  variants(productId: string): Promise<AdminVariants>;
  /** PUT /admin/products/{id}/variants: the options and every variant (rows left out are removed). */
  saveVariants(productId: string, input: VariantsInput): Promise<AdminVariants>;
  /** POST /admin/products/{id}/variants/bulk: set stock, add stock or set the price of the rows chosen. */
  bulkVariants(productId: string, input: VariantBulkInput): Promise<AdminVariants>;
  /** POST /orders/{id}/payments: staff record money that arrived (a transfer, cash). */
  markPaid(
    orderId: string,
    body: { paidOn: string; reference: string; note?: string },
  ): Promise<OrderPayment>;
  /** POST /orders/{id}/refunds: money given back, once per key. */
  refundOrder(orderId: string, body: { amount: number; reason: string; key: string }): Promise<OrderPayment>;
  /** GET /orders/{id}/returns, POST a new one, POST one received. */
  orderReturns(orderId: string): Promise<OrderReturn[]>;
  openReturn(
    orderId: string,
    body: { reason: string; lines: { line: number; quantity: number }[] },
  ): Promise<OrderReturn[]>;
  receiveReturn(
    orderId: string,
    returnId: string,
    body: { lines: { line: number; good: number; damaged: number }[] },
  ): Promise<OrderReturn[]>;
  /** GET /receipts/summary: a month's receipts (YYYY-MM, this month by default) for the ITBIS return. */
  receiptSummary(month?: string): Promise<ReceiptSummary>;
  /** GET /admin/products.csv: the products the list's filter shows, one row per variant, as a file. */
  exportProducts(filter: Record<string, unknown>, language: "en" | "es"): Promise<Blob>;
  /**
   * POST /admin/products/import: a dry run (or, with `dryRun` false, the import) of a spreadsheet; `onProgress` hears
   * the share of the file sent so far. A file with row errors answers its report all the same.
   */
  importProducts(
    file: Blob,
    dryRun: boolean,
    /** The upload's progress, then the API's as it works through the rows. */
    onProgress?: (progress: SendProgress) => void,
  ): Promise<CatalogueImportReport>;
}

/** The list filters the export takes, from the products list's filter values. */
const EXPORT_FILTERS = ["q", "productType", "categoryId", "brandId"] as const;

export function createDataProvider(
  apiUrl: string,
  httpClient: HttpClient,
  /** The session's current token, for uploads that tell their progress. */
  token: () => string | null = () => null,
): ShopDataProvider {
  const rest = simpleRestProvider(apiUrl, httpClient, "X-Total-Count");

  async function upload(
    file: Blob,
    name = (file as File).name ?? "image",
    onProgress?: (share: number) => void,
  ): Promise<string> {
    if (onProgress && typeof XMLHttpRequest !== "undefined") {
      try {
        return (await uploadWithProgress(`${apiUrl}/uploads`, file, name, token(), onProgress)).url;
      } catch (error) {
        // A token that has just expired: sent again below, through the client that refreshes it.
        if (!(error instanceof UploadRefused && error.status === 401)) throw error;
      }
    }
    const body = new FormData();
    body.append("file", file, name);
    const { json } = await httpClient(`${apiUrl}/uploads`, { method: "POST", body });
    onProgress?.(1);
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

  // Named exception: a product's ITBIS rate belongs to the receipts module (/itbis-rates/{id}); the product form
  // shows it as the product's itbisRate, read beside the product and saved after it.
  const itbisRates = {
    async read(id: RaRecord["id"]): Promise<number> {
      const { json } = await httpClient(`${apiUrl}/itbis-rates/${encodeURIComponent(String(id))}`);
      return (json as { rate: number }).rate;
    },
    async save(id: RaRecord["id"], rate: unknown): Promise<number | undefined> {
      if (rate === undefined || rate === null || rate === "") return undefined;
      const { json } = await httpClient(`${apiUrl}/itbis-rates/${encodeURIComponent(String(id))}`, {
        method: "PUT",
        body: JSON.stringify({ rate: Number(rate) }),
      });
      return (json as { rate: number }).rate;
    },
    split<T extends object>(data: T): { data: Omit<T, "itbisRate">; rate: unknown } {
      const { itbisRate, ...rest } = data as T & { itbisRate?: unknown };
      return { data: rest, rate: itbisRate };
    },
  };

  // Named exception: the business's fiscal data is one record at /fiscal-data (no id in its path); react-admin
  // reads and saves it as the record "issuer".
  const fiscalData = {
    async getOne(): Promise<GetOneResult> {
      const { json } = await httpClient(`${apiUrl}/fiscal-data`);
      return { data: json as RaRecord };
    },
    async update(params: UpdateParams): Promise<UpdateResult> {
      const { rnc, name, address } = params.data as { rnc?: string; name?: string; address?: string };
      const { json } = await httpClient(`${apiUrl}/fiscal-data`, {
        method: "PUT",
        body: JSON.stringify({ rnc, name, address }),
      });
      return { data: json as RaRecord };
    },
  };

  const provider: ShopDataProvider = {
    getList: (resource, params) =>
      resource === "exchange-rates" ? exchangeRates.getList(params) : rest.getList(apiPath(resource), params),
    getOne: async (resource, params) => {
      if (resource === "exchange-rates") return exchangeRates.getOne(params);
      if (resource === "fiscal-data") return fiscalData.getOne();
      const result = await rest.getOne(apiPath(resource), params);
      if (resource !== "products") return result;
      return { data: { ...result.data, itbisRate: await itbisRates.read(params.id) } };
    },
    getMany: (resource, params) => rest.getMany(apiPath(resource), params),
    getManyReference: (resource, params) => rest.getManyReference(apiPath(resource), params),
    create: async (resource, params) => {
      const data = await withUploads(params.data);
      if (resource === "exchange-rates") return exchangeRates.create({ ...params, data });
      if (resource !== "products") return rest.create(apiPath(resource), { ...params, data });
      const split = itbisRates.split(data);
      const created = await rest.create(apiPath(resource), { ...params, data: split.data });
      const itbisRate = await itbisRates.save(created.data.id, split.rate);
      return { data: { ...created.data, ...(itbisRate === undefined ? {} : { itbisRate }) } };
    },
    update: async (resource, params) => {
      if (resource === "fiscal-data") return fiscalData.update(params);
      const data = await withUploads(params.data);
      if (resource !== "products") return rest.update(apiPath(resource), { ...params, data });
      const split = itbisRates.split(data);
      const updated = await rest.update(apiPath(resource), { ...params, data: split.data });
      const itbisRate = await itbisRates.save(params.id, split.rate);
      return { data: { ...updated.data, ...(itbisRate === undefined ? {} : { itbisRate }) } };
    },
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
    async variants(productId) {
      const { json } = await httpClient(`${apiUrl}/admin/products/${encodeURIComponent(productId)}/variants`);
      return json as AdminVariants;
    },
    async saveVariants(productId, input) {
      const { json } = await httpClient(
        `${apiUrl}/admin/products/${encodeURIComponent(productId)}/variants`,
        {
          method: "PUT",
          body: JSON.stringify(input),
        },
      );
      return json as AdminVariants;
    },
    async bulkVariants(productId, input) {
      const { json } = await httpClient(
        `${apiUrl}/admin/products/${encodeURIComponent(productId)}/variants/bulk`,
        { method: "POST", body: JSON.stringify(input) },
      );
      return json as AdminVariants;
    },
    async receiptSummary(month) {
      const { json } = await httpClient(
        `${apiUrl}/receipts/summary${month ? `?month=${encodeURIComponent(month)}` : ""}`,
      );
      return json as ReceiptSummary;
    },
    async auditChain() {
      const { json } = await httpClient(`${apiUrl}/audit/chain`);
      return json as AuditChain;
    },
    async exportProducts(filter, language) {
      const query = new URLSearchParams({ language });
      for (const key of EXPORT_FILTERS) {
        const value = filter[key];
        if (typeof value === "string" && value.trim()) query.set(key, value.trim());
      }
      const { body } = await httpClient(`${apiUrl}/admin/products.csv?${query}`, {
        headers: new Headers({ Accept: "text/csv" }),
      });
      return new Blob([body], { type: "text/csv;charset=utf-8" });
    },
    async importProducts(file, dryRun, onProgress) {
      const url = `${apiUrl}/admin/products/import?dryRun=${dryRun}`;
      if (onProgress && typeof XMLHttpRequest !== "undefined") {
        const { status, json } = await sendWithProgress(url, file, "text/csv", token(), onProgress);
        if (status === 200 || status === 422) return json as CatalogueImportReport;
        // A token that has just expired: sent again below, through the client that refreshes it.
        if (status !== 401) {
          const message = (json as { message?: unknown } | undefined)?.message;
          throw new UploadRefused(status, typeof message === "string" ? message : `HTTP ${status}`);
        }
      }
      try {
        const { json } = await httpClient(url, {
          method: "POST",
          body: file,
          headers: new Headers({ "Content-Type": "text/csv" }),
        });
        return json as CatalogueImportReport;
      } catch (error) {
        const body = (error as { status?: number; body?: unknown }).body;
        if ((error as { status?: number }).status === 422 && body) return body as CatalogueImportReport;
        throw error;
      }
    },
    async endSessions(userId) {
      const { json } = await httpClient(`${apiUrl}/users/${encodeURIComponent(userId)}/sessions`, {
        method: "DELETE",
      });
      return json as { message: string; ended: number };
    },
    async markPaid(orderId, body) {
      const { json } = await httpClient(`${apiUrl}/orders/${encodeURIComponent(orderId)}/payments`, {
        method: "POST",
        body: JSON.stringify(body),
      });
      return json as OrderPayment;
    },
    async refundOrder(orderId, body) {
      const { json } = await httpClient(`${apiUrl}/orders/${encodeURIComponent(orderId)}/refunds`, {
        method: "POST",
        body: JSON.stringify(body),
      });
      return json as OrderPayment;
    },
    async orderReturns(orderId) {
      const { json } = await httpClient(`${apiUrl}/orders/${encodeURIComponent(orderId)}/returns`);
      return json as OrderReturn[];
    },
    async openReturn(orderId, body) {
      const { json } = await httpClient(`${apiUrl}/orders/${encodeURIComponent(orderId)}/returns`, {
        method: "POST",
        body: JSON.stringify(body),
      });
      return json as OrderReturn[];
    },
    async receiveReturn(orderId, returnId, body) {
      const { json } = await httpClient(
        `${apiUrl}/orders/${encodeURIComponent(orderId)}/returns/${encodeURIComponent(returnId)}/received`,
        { method: "POST", body: JSON.stringify(body) },
      );
      return json as OrderReturn[];
    },
  };
  return provider;
}
