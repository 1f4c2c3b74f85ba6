// The picture pipeline through the real API: uploads read, turned upright and stripped; every width served.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PICTURE_FORMATS, PICTURE_WIDTHS, pictureSources } from "@shop/domain/media";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase } from "../../db/client.ts";
import { createTestShop, login, type TestShop } from "../../test/app.ts";
import { TEST_PGLITE_OPTIONS } from "../../test/global-setup.ts";
import { MAX_UPLOAD_BYTES } from "./pipeline.ts";
import { cleanEarlierUploads, importDiskUploads } from "./storage.ts";
import { media, mediaRenditions } from "./tables.ts";
import {
  HEIC,
  multipart,
  type Part,
  PHONE_GPS,
  phonePhoto,
  pngClaiming,
  SVG,
  smallPicture,
} from "./test-pictures.ts";

let shop: TestShop;
let dataDir: string;
let admin: Record<string, string>;
let shopper: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "shop-media-"));
  shop = await createTestShop({ seed: true, dataDir });
  admin = (await login(shop.app, "admin")).headers;
  shopper = (await login(shop.app, "shopper")).headers;
});
afterAll(async () => {
  await shop.close();
  await rm(dataDir, { recursive: true, force: true });
});

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
/** The stored pictures' names. */
const stored = async () =>
  (await shop.database.db.select({ name: media.name }).from(media)).map((row) => row.name).sort();
const get = (url: string) => shop.app.inject({ method: "GET", url });

/** Every kind of metadata a served picture must not carry, read back by libvips and looked for in the bytes. */
async function expectNoMetadata(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.comments).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  const text = bytes.toString("latin1");
  for (const marker of ["Exif\0\0", "GPS", "ns.adobe.com", "ICC_PROFILE", PHONE_GPS.model]) {
    expect(text.includes(marker), marker).toBe(false);
  }
}

/** The colour libvips reads at (x, y) of a picture, as [r, g, b]. */
async function pixel(bytes: Buffer, x: number, y: number) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}
const near = (actual: number[], expected: number[]) =>
  actual.every((value, i) => Math.abs(value - expected[i]!) < 40);

describe("a photo from a phone", () => {
  let photo: Buffer;
  let url: string;

  beforeAll(async () => {
    photo = await phonePhoto();
    // The fixture is what a phone writes: sideways pixels, an orientation tag, GPS, a colour profile, XMP.
    const meta = await sharp(photo).metadata();
    expect(meta).toMatchObject({ width: 1200, height: 900, orientation: 6 });
    expect(meta.exif?.toString("latin1")).toContain(PHONE_GPS.model);
    expect(meta.icc).toBeDefined();
    expect(meta.xmp).toBeDefined();
  });

  it("comes out upright, with no metadata, in the bytes any shopper is served", async () => {
    const res = await upload([file(photo, "IMG_2041.JPG", "image/jpeg")]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      url: expect.stringMatching(/^\/api\/media\/[0-9a-f]{32}\.jpg$/),
      filename: expect.stringMatching(/^[0-9a-f]{32}\.jpg$/),
      size: expect.any(Number),
      contentType: "image/jpeg",
      width: 900,
      height: 1200,
    });
    url = body.url;

    const served = await get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-length"]).toBe(String(body.size));
    const bytes = served.rawPayload;
    await expectNoMetadata(bytes);
    // Upright: the phone's sideways left half (red) is now the top, its right half (blue) the bottom.
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 900, height: 1200, format: "jpeg" });
    expect(near(await pixel(bytes, 450, 100), [220, 30, 30])).toBe(true);
    expect(near(await pixel(bytes, 450, 1100), [30, 30, 220])).toBe(true);
  });

  it("is served in every width the pages ask for, in AVIF, WebP and JPEG, each kept for good", async () => {
    const name = url.slice("/api/media/".length, -".jpg".length);
    const sources = pictureSources(url, PICTURE_WIDTHS);
    expect(sources?.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    const libvipsFormat = { avif: "heif", webp: "webp", jpg: "jpeg" } as const;
    for (const width of PICTURE_WIDTHS) {
      for (const format of ["avif", "webp", "jpg"] as const) {
        const rendition = `/api/media/${name}/${width}.${format}`;
        expect(
          sources!.sources.some((s) => s.srcSet.includes(`${rendition} ${width}w`)) || format === "jpg",
        ).toBe(true);
        const res = await get(rendition);
        expect(res.statusCode, rendition).toBe(200);
        expect(res.headers["content-type"]).toBe(PICTURE_FORMATS[format]);
        expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(res.headers["x-content-type-options"]).toBe("nosniff");
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format, rendition).toBe(libvipsFormat[format]);
        // Never wider than the original (900 px upright), never sideways.
        expect(meta.width, rendition).toBe(Math.min(width, 900));
        expect(meta.height, rendition).toBe(Math.round((Math.min(width, 900) * 1200) / 900));
        await expectNoMetadata(res.rawPayload);
        // Made once: asked again, the same bytes come from the database.
        const again = await get(rendition);
        expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
      }
    }
    const kept = await shop.database.db
      .select({ width: mediaRenditions.width, format: mediaRenditions.format })
      .from(mediaRenditions)
      .where(eq(mediaRenditions.name, name));
    expect(kept).toHaveLength(PICTURE_WIDTHS.length * 3);
    // A card on a phone is small: the 640 px AVIF of this photo weighs a few kilobytes.
    const card = await get(`/api/media/${name}/640.avif`);
    expect(card.rawPayload.length).toBeLessThan(40_000);
  });

  it("makes a width asked for by many shoppers at once one time", async () => {
    const name = url.slice("/api/media/".length, -".jpg".length);
    await shop.database.db.delete(mediaRenditions).where(eq(mediaRenditions.name, name));
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(`/api/media/${name}/960.webp`)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.rawPayload.toString("base64"))).size).toBe(1);
    const rows = await shop.database.db.select().from(mediaRenditions).where(eq(mediaRenditions.name, name));
    expect(rows).toHaveLength(1);
  });

  it("answers 404 for a width or format the pages never ask for, and for unknown pictures", async () => {
    const name = url.slice("/api/media/".length, -".jpg".length);
    for (const path of [
      `/api/media/${name}/500.webp`,
      `/api/media/${name}/640.png`,
      `/api/media/${name}/640.svg`,
      `/api/media/${name}/0640.webp`,
      `/api/media/${"0".repeat(32)}/640.webp`,
      `/api/media/${"0".repeat(32)}.jpg`,
      `/api/media/${name}.png`,
      `/api/media/${name.toUpperCase()}.jpg`,
      `/api/media/..%2F..%2Fetc%2Fpasswd`,
      `/api/media/${name}/..%2F640.webp`,
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
    }
    const before = await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(mediaRenditions);
    await get(`/api/media/${name}/500.webp`);
    const after = await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(mediaRenditions);
    expect(after).toEqual(before);
  });

  it("is kept once when uploaded twice", async () => {
    const before = await stored();
    const again = await upload([file(photo, "IMG_2041 copy.JPG", "image/jpeg")]);
    expect(again.statusCode).toBe(201);
    expect(again.json().url).toBe(url);
    expect(await stored()).toEqual(before);
  });
});

describe("POST /uploads", () => {
  it.each([
    ["png", "image/png", "png"],
    ["jpeg", "image/jpeg", "jpg"],
    ["gif", "image/gif", "gif"],
    ["webp", "image/webp", "webp"],
  ] as const)("takes a %s picture and keeps it in its format", async (kind, contentType, extension) => {
    const bytes = await smallPicture(kind);
    const res = await upload([file(bytes, `photo.${extension}`, contentType)]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      contentType,
      width: 64,
      height: 48,
      filename: expect.stringMatching(new RegExp(`\\.${extension}$`)),
    });
    const served = await get(res.json().url);
    expect(served.headers["content-type"]).toBe(contentType);
    expect((await sharp(served.rawPayload).metadata()).format).toBe(kind === "jpeg" ? "jpeg" : kind);
  });

  it("keeps an animated GIF animated, and shows its first frame in the widths", async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 32, height: 32, channels: 4, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame("#d03030"), await frame("#3030d0")], {
      join: { animated: true },
    })
      .gif({ loop: 0, delay: [100, 100] })
      .toBuffer();
    expect((await sharp(animated, { pages: -1 }).metadata()).pages).toBe(2);
    const res = await upload([file(animated, "spin.gif", "image/gif")]);
    expect(res.statusCode, res.body).toBe(201);
    const kept = await sharp((await get(res.json().url)).rawPayload, { pages: -1 }).metadata();
    expect(kept.pages).toBe(2);
    const name = res.json().url.slice("/api/media/".length, -".gif".length);
    const still = await get(`/api/media/${name}/320.webp`);
    expect(still.statusCode).toBe(200);
    expect((await sharp(still.rawPayload).metadata()).pages ?? 1).toBe(1);
  });

  it("goes by the bytes, not the name or mimetype the client claims", async () => {
    const png = await smallPicture("png");
    const res = await upload([file(png, "innocent.gif", "image/gif")]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ contentType: "image/png", filename: expect.stringMatching(/\.png$/) });
    const fake = await upload([file("<html><script>alert(1)</script></html>", "x.png", "image/png")]);
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe(
      "The file is not an image we accept; upload a PNG, JPEG, GIF or WebP image",
    );
  });

  it("refuses a forged picture, a PNG header followed by HTML, and keeps nothing", async () => {
    const before = await stored();
    const forged = Buffer.concat([
      Buffer.from("89504e470d0a1a0a", "hex"),
      Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>"),
    ]);
    const res = await upload([file(forged, "cat.png", "image/png")]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      "The file starts like a PNG picture but cannot be read as one; export it again and upload the new file",
    );
    expect(await stored()).toEqual(before);
  });

  it("keeps only the picture of a real picture with HTML after it", async () => {
    const png = await smallPicture("png");
    const polyglot = Buffer.concat([png, Buffer.from("<html><script>alert(1)</script></html>")]);
    const res = await upload([file(polyglot, "x.png", "image/png")]);
    expect(res.statusCode, res.body).toBe(201);
    const served = await get(res.json().url);
    expect(served.rawPayload.toString("latin1")).not.toContain("<script");
    expect(served.headers["content-type"]).toBe("image/png");
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

  it("refuses a HEIC photo it cannot read, saying how to take one it can", async () => {
    const before = await stored();
    const res = await upload([file(HEIC, "IMG_0001.HEIC", "image/heic")]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(
      "HEIC photos (an iPhone's usual format) cannot be read here; upload a PNG, JPEG, GIF or WebP image (on the iPhone, Settings > Camera > Formats > Most Compatible takes JPEG photos)",
    );
    expect(await stored()).toEqual(before);
  });

  it("refuses a small file that would unpack to more pixels than a phone takes", async () => {
    const before = await stored();
    const res = await upload([file(pngClaiming(20_000, 20_000), "huge.png", "image/png")]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(
      "The picture has more pixels than we take (at most 64 megapixels); upload a smaller one",
    );
    expect(await stored()).toEqual(before);
  });

  it("refuses a file over 20 MiB with 413 and keeps nothing", async () => {
    const before = await stored();
    const png = await smallPicture("png");
    const big = Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.length, 0)]);
    const res = await upload([file(big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The file is larger than 20 MiB; upload an image of at most 20 MiB");
    expect(await stored()).toEqual(before);
  });

  it("refuses a request without a file, with an empty file, or with the file under another name", async () => {
    const before = await stored();
    const png = await smallPicture("png");
    const none = await upload([{ name: "note", data: "hello" }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("No file was sent; put the image in a multipart field named 'file'");
    const empty = await upload([file(Buffer.alloc(0))]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("The file is empty; upload an image");
    const misnamed = await upload([{ ...file(png), name: "image" }]);
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
    const body = multipart([file(await smallPicture("png"))]);
    const anonymous = await shop.app.inject({
      method: "POST",
      url: "/api/uploads",
      payload: body.payload,
      headers: body.headers,
    });
    expect(anonymous.statusCode).toBe(401);
    const customer = await upload([file(await smallPicture("png"))], shopper);
    expect(customer.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });
});

describe("pictures uploaded before the pipeline", () => {
  it("are copied from the disk once, cleaned, and still served at their first URL", async () => {
    const name = "0f0e0d0c-0b0a-4909-8807-060504030201";
    await mkdir(join(dataDir, "uploads"), { recursive: true });
    await writeFile(join(dataDir, "uploads", `${name}.jpg`), await phonePhoto());
    // Named like an upload but not the image its name says: left out. Outside the folder: never served.
    await writeFile(join(dataDir, "uploads", "1f0e0d0c-0b0a-4909-8807-060504030201.png"), "not an image");
    await writeFile(join(dataDir, "secret.png"), await smallPicture("png"));
    expect((await get(`/api/uploads/${name}.jpg`)).statusCode).toBe(404);
    expect(await importDiskUploads(shop.database.db, dataDir)).toBe(1);
    expect(await importDiskUploads(shop.database.db, dataDir)).toBe(0);
    expect(await cleanEarlierUploads(shop.database.db)).toEqual({ cleaned: 1, unreadable: 0 });
    expect(await cleanEarlierUploads(shop.database.db)).toEqual({ cleaned: 0, unreadable: 0 });

    const served = await get(`/api/uploads/${name}.jpg`);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    await expectNoMetadata(served.rawPayload);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 900, height: 1200 });
    // Their widths too: the shop's pictures ask for them by the uuid.
    const sources = pictureSources(`/api/uploads/${name}.jpg`, [320]);
    expect(sources?.src).toBe(`/api/media/${name}/320.jpg`);
    expect((await get(sources!.src)).statusCode).toBe(200);

    for (const path of [
      "/api/uploads/..%2F..%2Fetc%2Fpasswd",
      "/api/uploads/..%2Fsecret.png",
      "/api/uploads/%2e%2e%2fsecret.png",
      "/api/uploads/..%5Csecret.png",
      "/api/uploads/notes.txt",
      `/api/uploads/${name}.png`,
      `/api/uploads/${name.toUpperCase()}.jpg`,
      "/api/uploads/1f0e0d0c-0b0a-4909-8807-060504030201.png",
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).not.toContain("root:");
    }
  });

  it("move from the uploads table into media when the database migrates, and are no longer served if unreadable", async () => {
    // A database as the last version left it: migrated up to the migration before media, with two uploads.
    const earlier = await mkdtemp(join(tmpdir(), "shop-migrations-"));
    try {
      await cp(migrationsFolder, earlier, { recursive: true });
      const journalFile = join(earlier, "meta", "_journal.json");
      const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
      const upTo = journal.entries.findIndex((entry) => entry.tag.endsWith("_media"));
      journal.entries = journal.entries.slice(0, upTo);
      await writeFile(journalFile, JSON.stringify(journal));
      const client = await PGlite.create(TEST_PGLITE_OPTIONS);
      await migrate(drizzle(client), { migrationsFolder: earlier });
      const photo = await phonePhoto();
      await client.query(
        "insert into uploads (id, extension, content_type, size, bytes) values ($1, 'jpg', 'image/jpeg', $2, $3), ($4, 'png', 'image/png', 9, $5)",
        [
          "2a2b2c2d-0b0a-4909-8807-060504030201",
          photo.length,
          photo,
          "3a2b2c2d-0b0a-4909-8807-060504030201",
          Buffer.from("89504e470d0a1a0a3c", "hex"),
        ],
      );
      const database = await openDatabase({ url: "memory:", dataDir: "", pglite: client });
      await database.migrate();
      const rows = await database.db.select({ name: media.name, width: media.width }).from(media);
      expect(rows.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        { name: "2a2b2c2d-0b0a-4909-8807-060504030201", width: null },
        { name: "3a2b2c2d-0b0a-4909-8807-060504030201", width: null },
      ]);
      expect(await cleanEarlierUploads(database.db)).toEqual({ cleaned: 1, unreadable: 1 });
      const [kept] = await database.db
        .select()
        .from(media)
        .where(eq(media.name, "2a2b2c2d-0b0a-4909-8807-060504030201"));
      expect(kept).toMatchObject({ format: "jpg", width: 900, height: 1200 });
      await expectNoMetadata(kept!.bytes);
      await database.close();
    } finally {
      await rm(earlier, { recursive: true, force: true });
    }
  });
});
