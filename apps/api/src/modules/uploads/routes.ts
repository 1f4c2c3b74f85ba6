/** Image uploads for the back office: admins send one image (checked by its bytes); anyone fetches it back by URL, from any API process. */
import multipart from "@fastify/multipart";
import { uploadSchema } from "@shop/domain/schemas/admin";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, HttpError, notFound } from "../../http-errors.ts";
import { detectImage, findStoredImage, looksLikeSvg, MAX_UPLOAD_BYTES, storeImage } from "./storage.ts";

const ACCEPTED = "PNG, JPEG, GIF or WebP";
const tooLarge = () =>
  new HttpError(
    413,
    `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB; upload an image of at most 5 MiB`,
  );

export default async function uploadRoutes(app: FastifyInstance) {
  // Registered here so that only this plugin's routes parse multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/uploads",
    {
      schema: {
        tags: ["uploads"],
        summary: `Upload one image (${ACCEPTED}, at most 5 MiB) as multipart field 'file' (admin)`,
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
      const extension = detectImage(bytes);
      if (!extension) {
        throw new HttpError(
          415,
          looksLikeSvg(bytes)
            ? `SVG images are not accepted because they can carry scripts; upload a ${ACCEPTED} image`
            : `The file is not an image we accept; upload a ${ACCEPTED} image`,
        );
      }
      const stored = await storeImage(app.db, bytes, extension);
      return reply.code(201).send({ url: `/api/uploads/${stored.filename}`, ...stored });
    },
  );

  r.get(
    "/uploads/:file",
    {
      schema: {
        tags: ["uploads"],
        summary: "An uploaded image",
        params: z.object({ file: z.string().max(200) }),
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const found = await findStoredImage(app.db, request.params.file);
      if (!found) throw notFound("Upload");
      return (
        reply
          .header("Content-Type", found.contentType)
          .header("Content-Length", String(found.bytes.length))
          // The name is a fresh uuid per upload, so the bytes behind a URL never change.
          .header("Cache-Control", "public, max-age=31536000, immutable")
          .header("X-Content-Type-Options", "nosniff")
          .send(found.bytes)
      );
    },
  );
}
