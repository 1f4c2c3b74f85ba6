import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads } from "../../db/schema.ts";
import { createTestShop, login, type TestShop } from "../../test/app.ts";
import { detectImage, importDiskUploads, MAX_UPLOAD_BYTES } from "./storage.ts";

let shop: TestShop;
let dataDir: string;
let admin: Record<string, string>;
let shopper: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "shop-uploads-"));
  shop = await createTestShop({ seed: true, dataDir });
  admin = (await login(shop.app, "admin")).headers;
  shopper = (await login(shop.app, "shopper")).headers;
});
afterAll(async () => {
  await shop.close();
  await rm(dataDir, { recursive: true, force: true });
});

// The smallest real files of each kind: a 1×1 PNG, a JPEG header, a 1×1 GIF, a WebP header.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e2d6d80000000049454e44ae426082",
  "hex",
);
const JPEG = Buffer.concat([
  Buffer.from("ffd8ffe000104a46494600010100000100010000", "hex"),
  Buffer.alloc(32, 1),
]);
const GIF = Buffer.from(
  "47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b",
  "hex",
);
const WEBP = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([26, 0, 0, 0]),
  Buffer.from("WEBPVP8 "),
  Buffer.alloc(14, 0),
]);
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, so each test controls names, types and bytes exactly. */
function multipart(parts: Part[]) {
  const boundary = "----shop-test-boundary-7d1f";
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += "\r\n";
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.data), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (parts: Part[], headers: Record<string, string> = admin) => {
  const body = multipart(parts);
  return shop.app.inject({
    method: "POST",
    url: "/api/uploads",
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
};
const file = (data: Buffer | string, filename = "picture.png", contentType = "image/png"): Part => ({
  name: "file",
  filename,
  contentType,
  data,
});
/** The stored uploads' names, as GET /uploads/{file} knows them. */
const stored = async () =>
  (await shop.database.db.select({ id: uploads.id, extension: uploads.extension }).from(uploads))
    .map((row) => `${row.id}.${row.extension}`)
    .sort();

describe("POST /uploads", () => {
  it("stores a PNG in the database, not on the disk, and serves it back", async () => {
    const res = await upload([file(PNG)]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      url: expect.stringMatching(/^\/api\/uploads\/[0-9a-f-]{36}\.png$/),
      filename: expect.stringMatching(/^[0-9a-f-]{36}\.png$/),
      size: PNG.length,
      contentType: "image/png",
    });
    expect(body.url).toBe(`/api/uploads/${body.filename}`);
    const [row] = await shop.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, body.filename.split(".")[0]));
    expect(row).toMatchObject({ extension: "png", contentType: "image/png", size: PNG.length, bytes: PNG });
    expect(await stored()).toContain(body.filename);

    const served = await shop.app.inject({ method: "GET", url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["content-length"]).toBe(String(PNG.length));
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
  });

  it.each([
    ["jpeg", JPEG, "jpg", "image/jpeg"],
    ["gif", GIF, "gif", "image/gif"],
    ["webp", WEBP, "webp", "image/webp"],
  ])("accepts a %s image", async (_name, bytes, extension, contentType) => {
    const res = await upload([file(bytes, `photo.${extension}`, contentType)]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      contentType,
      size: bytes.length,
      filename: expect.stringMatching(new RegExp(`\\.${extension}$`)),
    });
    const served = await shop.app.inject({ method: "GET", url: res.json().url });
    expect(served.headers["content-type"]).toBe(contentType);
    expect(served.rawPayload).toEqual(bytes);
  });

  it("goes by the bytes, not the name or mimetype the client claims", async () => {
    const res = await upload([file(PNG, "innocent.gif", "image/gif")]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ contentType: "image/png", filename: expect.stringMatching(/\.png$/) });
    const fake = await upload([file("<html><script>alert(1)</script></html>", "x.png", "image/png")]);
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe(
      "The file is not an image we accept; upload a PNG, JPEG, GIF or WebP image",
    );
  });

  it("refuses SVG because it can carry scripts", async () => {
    const before = await stored();
    const res = await upload([file(SVG, "logo.svg", "image/svg+xml")]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(
      "SVG images are not accepted because they can carry scripts; upload a PNG, JPEG, GIF or WebP image",
    );
    expect(await stored()).toEqual(before);
  });

  it("refuses a file over 5 MiB with 413 and keeps nothing", async () => {
    const before = await stored();
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - PNG.length, 0)]);
    const res = await upload([file(big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The file is larger than 5 MiB; upload an image of at most 5 MiB");
    expect(await stored()).toEqual(before);
  });

  it("accepts a file of exactly 5 MiB", async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES - PNG.length, 0)]);
    const res = await upload([file(exact)]);
    expect(res.statusCode).toBe(201);
    expect(res.json().size).toBe(MAX_UPLOAD_BYTES);
  });

  it("refuses a request without a file, with an empty file, or with the file under another name", async () => {
    const before = await stored();
    const none = await upload([{ name: "note", data: "hello" }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("No file was sent; put the image in a multipart field named 'file'");
    const empty = await upload([file(Buffer.alloc(0))]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("The file is empty; upload an image");
    const misnamed = await upload([{ ...file(PNG), name: "image" }]);
    expect(misnamed.statusCode).toBe(400);
    expect(misnamed.json().message).toBe("The image must be in a multipart field named 'file', not 'image'");
    expect(await stored()).toEqual(before);
  });

  it("refuses a body that is not multipart", async () => {
    const res = await shop.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: admin,
      payload: { file: "x" },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(
      "Send the image as multipart/form-data with the file in a field named 'file'",
    );
  });

  it("is for admins only", async () => {
    const before = await stored();
    const body = multipart([file(PNG)]);
    const anonymous = await shop.app.inject({
      method: "POST",
      url: "/api/uploads",
      payload: body.payload,
      headers: body.headers,
    });
    expect(anonymous.statusCode).toBe(401);
    const customer = await upload([file(PNG)], shopper);
    expect(customer.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });
});

describe("GET /uploads/{file}", () => {
  beforeAll(async () => {
    // Files that exist on disk but must never be served: outside the folder, or not named like an upload.
    await writeFile(join(dataDir, "secret.png"), PNG);
    await upload([file(PNG)]);
    await mkdir(join(dataDir, "uploads"), { recursive: true });
    await writeFile(join(dataDir, "uploads", "notes.txt"), "private");
  });

  it.each([
    "/api/uploads/..%2F..%2Fetc%2Fpasswd",
    "/api/uploads/..%2Fsecret.png",
    "/api/uploads/%2e%2e%2fsecret.png",
    "/api/uploads/..%5Csecret.png",
    "/api/uploads/notes.txt",
    "/api/uploads/00000000-0000-4000-8000-000000000000.png",
    "/api/uploads/00000000-0000-4000-8000-000000000000.svg",
  ])("answers 404 for %s", async (url) => {
    const res = await shop.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(404);
    expect(res.rawPayload.includes(PNG)).toBe(false);
    expect(res.body).not.toContain("private");
    expect(res.body).not.toContain("root:");
  });

  it("answers 404 for a stored name in another case", async () => {
    const [name] = (await stored()).filter((n) => n.endsWith(".png"));
    expect((await shop.app.inject({ method: "GET", url: `/api/uploads/${name}` })).statusCode).toBe(200);
    const upper = await shop.app.inject({ method: "GET", url: `/api/uploads/${name!.toUpperCase()}` });
    expect(upper.statusCode).toBe(404);
  });
});

describe("uploads kept on disk by earlier versions", () => {
  it("are copied into the database once, images only, and then served", async () => {
    const name = "0f0e0d0c-0b0a-4909-8807-060504030201.gif";
    await mkdir(join(dataDir, "uploads"), { recursive: true });
    await writeFile(join(dataDir, "uploads", name), GIF);
    // Named like an upload but not the image its name says: left out.
    await writeFile(join(dataDir, "uploads", "1f0e0d0c-0b0a-4909-8807-060504030201.png"), "not an image");
    expect((await shop.app.inject({ method: "GET", url: `/api/uploads/${name}` })).statusCode).toBe(404);
    expect(await importDiskUploads(shop.database.db, dataDir)).toBe(1);
    expect(await importDiskUploads(shop.database.db, dataDir)).toBe(0);
    const served = await shop.app.inject({ method: "GET", url: `/api/uploads/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(GIF);
    expect(served.headers["content-type"]).toBe("image/gif");
  });
});

describe("detectImage", () => {
  it("knows the four accepted signatures and nothing else", () => {
    expect(detectImage(PNG)).toBe("png");
    expect(detectImage(JPEG)).toBe("jpg");
    expect(detectImage(GIF)).toBe("gif");
    expect(detectImage(WEBP)).toBe("webp");
    expect(detectImage(SVG)).toBeNull();
    expect(detectImage(Buffer.from("RIFF0000WAVEfmt "))).toBeNull();
    expect(detectImage(PNG.subarray(0, 4))).toBeNull();
    expect(detectImage(Buffer.alloc(0))).toBeNull();
  });
});
