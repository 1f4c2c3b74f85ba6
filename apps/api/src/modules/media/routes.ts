/**
 * Pictures: admins upload one (read whole, turned upright, kept without metadata); anyone fetches the original
 * or one of the widths the pages ask for, in AVIF, WebP or JPEG, each made the first time it is asked for and
 * kept for every process (docs/decisions/056-picture-pipeline.md).
 */
import multipart from "@fastify/multipart";
import { PICTURE_FORMATS, PICTURE_WIDTHS, type PictureFormat, type PictureWidth } from "@shop/domain/media";
import { uploadSchema } from "@shop/domain/schemas/admin";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, HttpError, notFound } from "../../http-errors.ts";
import {
  ACCEPTED,
  encodingQueue,
  keepUpload,
  MAX_UPLOAD_BYTES,
  makeRendition,
  PictureRefused,
} from "./pipeline.ts";
import { earlierUploadName, findOriginal, findRendition, storePicture, storeRendition } from "./storage.ts";

const MIB = MAX_UPLOAD_BYTES / 1024 / 1024;
const tooLarge = () =>
  new HttpError(413, `The file is larger than ${MIB} MiB; upload an image of at most ${MIB} MiB`);

/** A name is its picture's content: the bytes behind a URL never change, so browsers and a CDN keep them a year. */
const FOREVER = "public, max-age=31536000, immutable";
const ORIGINAL_FILE = /^([0-9a-f]{32})\.(png|jpg|gif|webp)$/;
const RENDITION_FILE = /^([1-9]\d{2,3})\.(avif|webp|jpg)$/;

function sendPicture(reply: FastifyReply, bytes: Buffer, contentType: string) {
  return reply
    .header("Content-Type", contentType)
    .header("Content-Length", String(bytes.length))
    .header("Cache-Control", FOREVER)
    .header("X-Content-Type-Options", "nosniff")
    .send(bytes);
}

export default async function mediaRoutes(app: FastifyInstance) {
  // Registered here so that only this plugin's routes parse multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const encode = encodingQueue();
  // A width asked for by several shoppers at once is made once by this process.
  const making = new Map<string, Promise<Buffer>>();

  r.post(
    "/uploads",
    {
      schema: {
        tags: ["media"],
        summary: `Upload one picture (${ACCEPTED}, at most ${MIB} MiB) as multipart field 'file' (admin)`,
        security: [{ bearer: [] }],
        consumes: ["multipart/form-data"],
        response: { 201: uploadSchema },
      },
      config: { access: "admin" },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new HttpError(
          415,
          "Send the image as multipart/form-data with the file in a field named 'file'",
        );
      }
      let bytes: Buffer;
      try {
        const part = await request.file();
        if (!part) throw badRequest("No file was sent; put the image in a multipart field named 'file'");
        if (part.fieldname !== "file") {
          throw badRequest(`The image must be in a multipart field named 'file', not '${part.fieldname}'`);
        }
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
        throw error;
      }
      if (bytes.length === 0) throw badRequest("The file is empty; upload an image");
      try {
        const kept = await encode(() => keepUpload(bytes));
        const stored = await storePicture(app.db, kept);
        return reply.code(201).send({
          url: stored.url,
          filename: stored.url.slice(stored.url.lastIndexOf("/") + 1),
          size: stored.size,
          contentType: stored.contentType,
          width: stored.width,
          height: stored.height,
        });
      } catch (error) {
        if (error instanceof PictureRefused) throw new HttpError(error.statusCode, error.message);
        throw error;
      }
    },
  );

  r.get(
    "/media/:file",
    {
      schema: {
        tags: ["media"],
        summary:
          "A picture as it was uploaded, upright and without metadata: /media/{name}.{png|jpg|gif|webp}",
        params: z.object({ file: z.string().max(200) }),
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const match = ORIGINAL_FILE.exec(request.params.file);
      const found = match && (await findOriginal(app.db, match[1]!, match[2]));
      if (!found) throw notFound("Picture");
      return sendPicture(reply, found.bytes, found.contentType);
    },
  );

  r.get(
    "/media/:name/:file",
    {
      schema: {
        tags: ["media"],
        summary: `One width of a picture: /media/{name}/{${PICTURE_WIDTHS.join("|")}}.{avif|webp|jpg}, never wider than the original`,
        params: z.object({ name: z.string().max(200), file: z.string().max(40) }),
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const { name, file } = request.params;
      const match = RENDITION_FILE.exec(file);
      const width = Number(match?.[1]) as PictureWidth;
      const format = match?.[2] as PictureFormat | undefined;
      // Only the listed widths: a URL cannot make the server encode any size it likes.
      if (!format || !PICTURE_WIDTHS.includes(width)) throw notFound("Picture");
      const contentType = PICTURE_FORMATS[format];
      const kept = await findRendition(app.db, name, width, format);
      if (kept) return sendPicture(reply, kept, contentType);

      const key = `${name}/${width}.${format}`;
      let made = making.get(key);
      if (!made) {
        made = (async () => {
          const original = await findOriginal(app.db, name);
          if (!original) throw notFound("Picture");
          const bytes = await encode(() => makeRendition(original.bytes, width, format));
          await storeRendition(app.db, name, width, format, bytes);
          return bytes;
        })().finally(() => making.delete(key));
        making.set(key, made);
      }
      return sendPicture(reply, await made, contentType);
    },
  );

  r.get(
    "/uploads/:file",
    {
      schema: {
        tags: ["media"],
        summary: "A picture uploaded before the pipeline, under its first URL: /uploads/{uuid}.{ext}",
        params: z.object({ file: z.string().max(200) }),
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const earlier = earlierUploadName(request.params.file);
      const found = earlier && (await findOriginal(app.db, earlier.name, earlier.format));
      if (!found) throw notFound("Upload");
      return sendPicture(reply, found.bytes, found.contentType);
    },
  );
}
