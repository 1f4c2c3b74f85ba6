/** Pictures the media tests upload, made with sharp as a phone or an editor would write them, and a multipart body. */
import { deflateSync } from "node:zlib";
import sharp from "sharp";

/** What the phone writes into its photo's EXIF: where it was taken, and which phone. */
export const PHONE_GPS = { model: "Pixel Shop Test 9" };

/**
 * A photo as a phone writes it: 1200 × 900 pixels stored sideways (left half red, right half blue) with the
 * orientation tag saying "turn 90° clockwise", the GPS position of the merchant's home, the phone's make and
 * model, an sRGB colour profile and an XMP packet.
 */
export async function phonePhoto(): Promise<Buffer> {
  const half = { width: 600, height: 900, channels: 3 as const };
  return sharp({ create: { ...half, width: 1200, background: { r: 30, g: 30, b: 220 } } })
    .composite([{ input: { create: { ...half, background: { r: 220, g: 30, b: 30 } } }, left: 0, top: 0 }])
    .withIccProfile("srgb")
    .withExif({
      IFD0: { Make: "Shop Test", Model: PHONE_GPS.model },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "18/1 28/1 3021/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "69/1 55/1 4417/100",
      },
    })
    .withMetadata({ orientation: 6 })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreatorTool="Phone camera"/></rdf:RDF></x:xmpmeta>',
    )
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A 64 × 48 picture in each accepted format. */
export async function smallPicture(kind: "png" | "jpeg" | "gif" | "webp"): Promise<Buffer> {
  const image = sharp({ create: { width: 64, height: 48, channels: 3, background: "#2f6fed" } }).composite([
    { input: { create: { width: 32, height: 24, channels: 3, background: "#f3a712" } }, left: 8, top: 8 },
  ]);
  return image.toFormat(kind).toBuffer();
}

export const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

/** The start of an iPhone's HEIC photo: an ISO media file whose brand is heic, its HEVC data left out. */
export const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypheic"),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from("mif1heic"),
  Buffer.alloc(64, 7),
]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A well-formed PNG of a few hundred bytes whose header says width × height pixels (a decompression bomb). */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(width * 3 + 1, 0))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, so each test controls names, types and bytes exactly. */
export function multipart(parts: Part[]) {
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
