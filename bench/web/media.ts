/**
 * `pnpm bench:media`: with the shop built, starts it the README's way, uploads a phone-sized photo through the API
 * as the back office does, and asks for every width in every format: how long the upload took (read, turned
 * upright, written again without metadata), how long each width took to make the first time and to serve once
 * kept, and what each weighs, with the pictures a phone's card and product page take against their goals. Writes
 * its section of docs/benchmarks.md. A benchmark, not a test: the photo is drawn here (a gradient, shapes and a
 * sensor's noise), so its sizes are a photo's order of magnitude, not a given photo's.
 */
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { PICTURE_FORMATS, PICTURE_WIDTHS, type PictureFormat } from "@shop/domain/media";
import { REPO_ROOT, startShop } from "@shop/e2e/shop";
import { PICTURE_SLOTS } from "@shop/ui/picture-slots";
import sharp from "sharp";
import { commit, load, machine, writeSection } from "./report.ts";

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== "--"),
  options: { out: { type: "string", default: join(REPO_ROOT, "docs/benchmarks.md") } },
});

const KB = 1000;
const GOALS = { card: 40 * KB, productPage: 120 * KB };
const PHONE = { width: 390, dpr: 3 };

/** A 4032 × 3024 photo as a 12-megapixel phone writes it: sideways with its orientation tag, GPS, quality 92. */
async function phonePhoto(): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const scene = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><radialGradient id="bg" cx="45%" cy="40%" r="80%"><stop offset="0" stop-color="#f4efe8"/><stop offset="1" stop-color="#b9ada0"/></radialGradient>
<linearGradient id="o" x1="0" x2="1"><stop offset="0" stop-color="#20242c"/><stop offset="0.4" stop-color="#5b6472"/><stop offset="1" stop-color="#15171c"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<ellipse cx="2016" cy="2500" rx="1500" ry="220" fill="#6d6358" opacity="0.5"/>
<rect x="1200" y="700" width="1630" height="1700" rx="260" fill="url(#o)"/>
<circle cx="2016" cy="1500" r="520" fill="#0b0d12"/><circle cx="2016" cy="1500" r="380" fill="#3b4a66"/>
<circle cx="1880" cy="1360" r="120" fill="#ffffff" opacity="0.5"/>
<path d="M300 2900 Q2000 2600 3800 2950" stroke="#8a7d6e" stroke-width="40" fill="none"/>
</svg>`);
  const drawn = await sharp(scene).png().toBuffer();
  // Texture at every scale, as a photo has (fabric, reflections, sensor noise): random noise drawn small and
  // enlarged, which a smaller width keeps, over noise at full size, which it averages away.
  const noiseAt = async (scale: number, sigma: number) =>
    sharp(
      await sharp({
        create: {
          width: Math.round(width / scale),
          height: Math.round(height / scale),
          channels: 3,
          background: "#808080",
          noise: { type: "gaussian", mean: 128, sigma },
        },
      })
        .png()
        .toBuffer(),
    )
      .resize(width, height, { kernel: "cubic" })
      .png()
      .toBuffer();
  const noise = [await noiseAt(6, 20), await noiseAt(1, 8)];
  const scenery = await sharp(drawn)
    .composite(noise.map((input) => ({ input, blend: "overlay" as const })))
    .blur(0.6)
    .png()
    .toBuffer();
  // Stored as the phone's sensor saw it, on its side: the tag says how to turn it upright.
  return sharp(scenery)
    .rotate(-90)
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "Bench", Model: "Phone 12 MP" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "18/1 28/1 0/1" },
    })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The width a browser takes from a slot's widths for a screen: the first at least as wide as the picture's pixels. */
function chosenWidth(cssWidth: number, dpr: number, widths: readonly number[]): number {
  const needed = cssWidth * dpr;
  return widths.find((w) => w >= needed) ?? widths[widths.length - 1]!;
}

const ms = (start: number) => performance.now() - start;

async function main() {
  const started = new Date();
  const loadBefore = load();
  const photo = await phonePhoto();
  const shop = await startShop();
  let text: string;
  try {
    const login = await fetch(`${shop.shopUrl}/api/users/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "admin@shop.test", password: "Admin123!" }),
    });
    const { token } = (await login.json()) as { token: string };
    const body = new FormData();
    body.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "IMG_0001.JPG");
    let start = performance.now();
    const uploaded = await fetch(`${shop.shopUrl}/api/uploads`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body,
    });
    const uploadMs = ms(start);
    const upload = (await uploaded.json()) as { url: string; size: number; width: number; height: number };
    if (uploaded.status !== 201) throw new Error(`upload refused: ${JSON.stringify(upload)}`);
    const name = upload.url.slice("/api/media/".length, upload.url.lastIndexOf("."));

    const rows: { width: number; format: PictureFormat; bytes: number; madeMs: number; keptMs: number }[] =
      [];
    for (const width of PICTURE_WIDTHS) {
      for (const format of Object.keys(PICTURE_FORMATS) as PictureFormat[]) {
        const url = `${shop.shopUrl}/api/media/${name}/${width}.${format}`;
        start = performance.now();
        const made = await fetch(url);
        const bytes = (await made.arrayBuffer()).byteLength;
        const madeMs = ms(start);
        start = performance.now();
        await (await fetch(url)).arrayBuffer();
        rows.push({ width, format, bytes, madeMs, keptMs: ms(start) });
      }
    }
    const size = (width: number, format: PictureFormat) =>
      rows.find((r) => r.width === width && r.format === format)!.bytes;
    // A phone's card is half the screen (two columns); the product page's first picture its whole width.
    const cardWidth = chosenWidth(PHONE.width / 2, PHONE.dpr, PICTURE_SLOTS.productCard.widths);
    const pageWidth = chosenWidth(PHONE.width, PHONE.dpr, PICTURE_SLOTS.gallery.widths);
    const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
    const verdict = (bytes: number, goal: number) => (bytes <= goal ? "met" : "**not met**");
    const total = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((sum, r) => sum + pick(r), 0);
    text = [
      "## Pictures: the upload pipeline",
      "",
      "Written by `pnpm bench:media` (`bench/web/media.ts`): it starts the built shop as `pnpm start` does, uploads a",
      "12-megapixel photo drawn for the run (4032 × 3024, stored sideways with its orientation tag and GPS, JPEG",
      "quality 92) through `POST /api/uploads`, then asks for every width in every format twice: the first answer",
      "makes it (sharp, one encoding at a time per process), the second is the kept one from the database.",
      "",
      `- Date: ${started.toISOString().slice(0, 16).replace("T", " ")} UTC; commit ${commit()}.`,
      `- Machine: ${machine()}.`,
      `- Load average (1 / 5 / 15 min): ${loadBefore} at the start, ${load()} at the end.`,
      `- The photo: ${kb(photo.length)}; kept upright as ${upload.width} × ${upload.height}, ${kb(upload.size)} without its metadata; the upload took ${Math.round(uploadMs)} ms.`,
      `- Every width made once: ${(total((r) => r.madeMs) / 1000).toFixed(1)} s of the shop's time for all ${rows.length}; served once kept in ${Math.round(total((r) => r.keptMs))} ms for all of them.`,
      "",
      "| Width | AVIF | made in | WebP | made in | JPEG | made in | kept, served in (the three) |",
      "| ----: | ---: | ------: | ---: | ------: | ---: | ------: | --------------------------: |",
      ...PICTURE_WIDTHS.map((width) => {
        const of = (format: PictureFormat) => rows.find((r) => r.width === width && r.format === format)!;
        const cells = (["avif", "webp", "jpg"] as const).map(
          (format) => `${kb(of(format).bytes)} | ${Math.round(of(format).madeMs)} ms`,
        );
        const kept = (["avif", "webp", "jpg"] as const)
          .map((format) => Math.round(of(format).keptMs))
          .join(", ");
        return `| ${width} | ${cells.join(" | ")} | ${kept} ms |`;
      }),
      "",
      `On a phone (${PHONE.width} px wide, ${PHONE.dpr}× pixels), a listing's card takes the ${cardWidth} px width and the product page's first picture the ${pageWidth} px one:`,
      "",
      "| Picture | Goal | AVIF | WebP | JPEG (no AVIF or WebP) | |",
      "| ------- | ---: | ---: | ---: | ---------------------: | - |",
      `| a product card | ${kb(GOALS.card)} | ${kb(size(cardWidth, "avif"))} | ${kb(size(cardWidth, "webp"))} | ${kb(size(cardWidth, "jpg"))} | ${verdict(size(cardWidth, "webp"), GOALS.card)} |`,
      `| the product page's first picture | ${kb(GOALS.productPage)} | ${kb(size(pageWidth, "avif"))} | ${kb(size(pageWidth, "webp"))} | ${kb(size(pageWidth, "jpg"))} | ${verdict(size(pageWidth, "webp"), GOALS.productPage)} |`,
      "",
      "The verdict is on the WebP, what a browser without AVIF takes; every current browser takes the AVIF.",
      "",
    ].join("\n");
  } finally {
    await shop.stop();
  }
  writeSection(resolve(args.out!), "media", text);
  console.log(`\n${text}`);
  console.log(`Written to ${args.out}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
