/**
 * The catalogue as a spreadsheet over HTTP (spreadsheet.ts): `GET /admin/products.csv` writes it, streamed a page
 * of products at a time; `POST /admin/products/import` reads one sent as the request's body (text/csv), first to a
 * temporary file (so a slow upload is bounded by the request timeout alone and the file is never held in memory),
 * then through the import, a dry run unless `dryRun=false`.
 */
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PRODUCT_TYPES } from "@shop/domain/constants";
import { catalogueImportReportSchema } from "@shop/domain/schemas/admin";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { contentChanged, signalsOwnChange } from "../../catalogue-cache/catalogue-cache.ts";
import { HttpError } from "../../http-errors.ts";
import { recordAudit } from "../audit/record.ts";
import { ANOTHER_IMPORT, catalogueCsvLines, exportOptions, importCatalogueCsv } from "./spreadsheet.ts";

/** The largest file an import takes: a 100,000-variant catalogue is about 25 MiB. */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;
/** The answer as lines of progress, then the report (what the back office's dialog asks for with Accept). */
const NDJSON = "application/x-ndjson";
/** At most one progress line in this long. */
const PROGRESS_EVERY_MS = 100;
const CSV_TYPES = ["text/csv", "application/csv", "text/plain", "application/vnd.ms-excel"];

const exportQuerySchema = z.object({
  language: z.enum(["en", "es"]).optional(),
  separator: z.enum([",", ";"]).optional(),
  q: z.string().trim().max(200).optional(),
  productType: z.enum(PRODUCT_TYPES).optional(),
  categoryId: z.uuid().optional(),
  brandId: z.uuid().optional(),
});

const importQuerySchema = z.object({
  dryRun: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
});

/** Counts the bytes going through, and stops the upload with a 413 past `max`. */
function atMost(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > max) {
        done(
          new HttpError(413, `The file is larger than ${Math.round(max / 1024 / 1024)} MiB; split it in two`),
        );
      } else done(null, chunk);
    },
  });
}

export async function spreadsheetRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Only these routes take a CSV body, handed over as the stream it arrives as.
  app.addContentTypeParser(CSV_TYPES, (_request, payload, done) => done(null, payload));
  /** Whether this app is running an import now. */
  let importing = false;

  r.get(
    "/admin/products.csv",
    {
      config: { access: "admin" },
      schema: {
        tags: ["products"],
        summary:
          "The products and their variants as CSV, one row per variant (admin); language=es writes Spanish headers and ';'",
        security: [{ bearer: [] }],
        querystring: exportQuerySchema,
      },
    },
    async (request, reply) => {
      const { language, separator } = exportOptions(request.query);
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="products-${day}.csv"`)
        .header("Cache-Control", "no-store");
      return reply.send(Readable.from(catalogueCsvLines(app.db, request.query, language, separator)));
    },
  );

  r.post(
    "/admin/products/import",
    {
      config: { access: "admin" },
      bodyLimit: MAX_IMPORT_BYTES,
      schema: {
        tags: ["products"],
        summary:
          "Import products and variants from CSV (admin): rows matched by SKU; a dry run unless dryRun=false; with any row error nothing changes",
        security: [{ bearer: [] }],
        querystring: importQuerySchema,
        response: { 200: catalogueImportReportSchema, 422: catalogueImportReportSchema },
      },
    },
    async (request, reply) => {
      if (!(request.body instanceof Readable)) {
        throw new HttpError(415, `Send the file as the body with Content-Type text/csv`);
      }
      // One import at a time: refused here before its upload within this process, and by the import's
      // advisory lock across processes (spreadsheet.ts).
      if (importing) throw new HttpError(409, ANOTHER_IMPORT, "import_under_way");
      importing = true;
      const file = join(tmpdir(), `shop-import-${randomUUID()}.csv`);
      try {
        await pipeline(request.body, atMost(MAX_IMPORT_BYTES), createWriteStream(file));
        // The whole file is in: no byte is left to trickle, so the idle timeout (decision 046), meant for slow
        // senders, would only cut off a large import while it works. Set again once the answer is sent.
        const socket = request.raw.socket;
        // (A request made in process, as tests make them, has no real socket to set.)
        if (typeof socket?.setTimeout === "function") {
          const idle = socket.timeout ?? 0;
          socket.setTimeout(0);
          reply.raw.once("finish", () => socket.setTimeout(idle));
        }
        const size = (await stat(file)).size;
        const input = createReadStream(file);
        // Asked for as lines (the back office's dialog): the progress as the rows are worked through, then the
        // answer's status and report; the status line then stands for the HTTP status, sent before any of it.
        const lines = request.headers.accept?.includes(NDJSON) ? new PassThrough() : null;
        if (lines) {
          // A browser gone mid-way ends the answer; the import still ends as it would (a line then has nowhere to go).
          lines.on("error", () => {});
          // Sent now: the staff write's signal to the other processes (app.ts) is given below, once it is done.
          signalsOwnChange.add(request);
          reply.header("Content-Type", `${NDJSON}; charset=utf-8`).header("Cache-Control", "no-store");
          // A proxy in front (nginx) would otherwise hold the lines until the end.
          // (A stream is sent as it is, not through the report's schema.)
          reply.header("X-Accel-Buffering", "no").send(lines as never);
          lines.write(`${JSON.stringify({ progress: { share: 0, rows: 0 } })}\n`);
        }
        let told = 0;
        const onProgress = (rows: number) => {
          if (!lines || Date.now() - told < PROGRESS_EVERY_MS) return;
          told = Date.now();
          const share = size > 0 ? Math.min(1, input.bytesRead / size) : 1;
          lines.write(`${JSON.stringify({ progress: { share, rows } })}\n`);
        };
        try {
          const report = await importCatalogueCsv(app.db, input, {
            dryRun: request.query.dryRun,
            onProgress,
          });
          if (report.applied) {
            await recordAudit(app.db, request, {
              action: "product.import",
              entity: "product",
              entityId: randomUUID(),
              before: null,
              after: { rows: report.rows, products: report.products, variants: report.variants },
            });
          }
          const status = report.errorCount > 0 && !report.dryRun ? 422 : 200;
          if (!lines) return reply.status(status).send(report);
          if (report.applied) await contentChanged(app.db);
          lines.end(`${JSON.stringify({ status, report: catalogueImportReportSchema.parse(report) })}\n`);
          return reply;
        } catch (error) {
          if (!lines) throw error;
          // The status is sent: what went wrong is the last line, as the error handler would have answered it.
          const status = error instanceof HttpError ? error.statusCode : 500;
          if (status === 500) request.log.error({ err: error }, "catalogue import failed");
          const message =
            error instanceof HttpError ? error.message : "The import failed; nothing of the file was applied";
          lines.end(`${JSON.stringify({ status, message })}\n`);
          return reply;
        }
      } finally {
        importing = false;
        await rm(file, { force: true });
      }
    },
  );
}
