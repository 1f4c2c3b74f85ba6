// The DGII client against a test double that answers like the DGII's test environment over real HTTP: the seed
// signed for a token, an e-CF signed with the business's certificate received (its signature and schema checked)
// and its state read back; a tampered document is refused.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { receiptRanges, receipts } from "../../db/schema.ts";
import { createTestShop, login, type TestShop } from "../../test/app.ts";
import { DgiiError, dgiiClient } from "./dgii.ts";
import { ecfXml } from "./ecf.ts";
import { sendPendingReceipts } from "./sending.ts";
import { type Certificate, securityCodeOf, signXml, verifyXml } from "./signing.ts";

let shop: TestShop;
let certificate: Certificate;
let dir: string;

/** A self-signed certificate standing for the business's (a real one comes from a DGII-approved authority). */
function makeCertificate(): Certificate {
  dir = mkdtempSync(join(tmpdir(), "dgii-cert-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=Tienda de Ejemplo SRL",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  return {
    key: readFileSync(join(dir, "key.pem"), "utf8"),
    certificate: readFileSync(join(dir, "cert.pem"), "utf8"),
  };
}

const schema = async (type: string) => ({
  fileName: `e-CF ${type}.xsd`,
  contents: (await readFile(new URL(`./xsd/e-CF ${type} v.1.0.xsd`, import.meta.url)))
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .replace('name=" IndicadorServicioTodoIncluidoType"', 'name="IndicadorServicioTodoIncluidoType"'),
});

/** The DGII's test environment as its technical description answers: seed, token, reception, state. */
function dgiiDouble() {
  const seeds = new Set<string>();
  const tokens = new Set<string>();
  const received = new Map<string, string>();
  const calls: string[] = [];
  const formXml = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = await new Request("http://double/", {
      method: "POST",
      headers: { "content-type": request.headers["content-type"] ?? "" },
      body: Buffer.concat(chunks),
    }).formData();
    const file = form.get("xml");
    return file instanceof Blob ? { name: (file as File).name, xml: await file.text() } : null;
  };
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://double");
    calls.push(`${request.method} ${url.pathname}`);
    const json = (status: number, body: object) => {
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    const authorised = tokens.has((request.headers.authorization ?? "").replace(/^bearer /i, ""));
    if (url.pathname === "/testecf/autenticacion/api/autenticacion/semilla") {
      const valor = crypto.randomUUID();
      seeds.add(valor);
      response
        .writeHead(200, { "content-type": "text/xml" })
        .end(
          `<?xml version="1.0" encoding="utf-8"?>\n<SemillaModel xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">\n  <valor>${valor}</valor>\n  <fecha>2026-11-28T10:00:00.0000000-04:00</fecha>\n</SemillaModel>`,
        );
      return;
    }
    if (url.pathname === "/testecf/autenticacion/api/autenticacion/validarsemilla") {
      const file = await formXml(request);
      const valor = file && /<valor>([^<]+)<\/valor>/.exec(file.xml)?.[1];
      if (!file || !valor || !seeds.delete(valor) || !verifyXml(file.xml))
        return json(400, { error: "Semilla inválida" });
      const token = crypto.randomUUID();
      tokens.add(token);
      return json(200, {
        token,
        expira: new Date(Date.now() + 3_600_000).toISOString(),
        expedido: new Date().toISOString(),
      });
    }
    if (url.pathname === "/testecf/recepcion/api/facturaselectronicas") {
      if (!authorised) return json(401, { error: "No autorizado" });
      const file = await formXml(request);
      if (!file || !verifyXml(file.xml))
        return json(400, { error: "Firma inválida", mensaje: "La firma no es válida" });
      const type = /<TipoeCF>(\d+)<\/TipoeCF>/.exec(file.xml)?.[1] ?? "";
      const encf = /<eNCF>([^<]+)<\/eNCF>/.exec(file.xml)?.[1] ?? "";
      const checked = await validateXML({
        xml: [{ fileName: file.name, contents: file.xml }],
        schema: [await schema(type)],
      });
      if (!checked.valid)
        return json(400, { error: "Formato", mensaje: checked.errors.map((e) => e.message).join("; ") });
      if (!file.name.endsWith(`${encf}.xml`)) return json(400, { error: "Nombre de archivo" });
      const trackId = crypto.randomUUID();
      received.set(trackId, encf);
      return json(200, { trackId });
    }
    if (url.pathname === "/testecf/consultaresultado/api/consultas/estado") {
      if (!authorised) return json(401, { error: "No autorizado" });
      const trackId = url.searchParams.get("trackid") ?? "";
      const encf = received.get(trackId);
      if (!encf) return json(200, { trackId, codigo: 0, estado: "No encontrado", mensajes: [] });
      return json(200, {
        trackId,
        codigo: 1,
        estado: "Aceptado",
        rnc: "999999992",
        eNCF: encf,
        secuenciaUtilizada: true,
        fechaRecepcion: new Date().toISOString(),
        mensajes: [],
      });
    }
    json(404, { error: "No encontrado" });
  });
  return { server, calls };
}

let double: ReturnType<typeof dgiiDouble>;
let baseUrl: string;

beforeAll(async () => {
  certificate = makeCertificate();
  shop = await createTestShop();
  double = dgiiDouble();
  await new Promise<void>((resolve) => double.server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(double.server.address() as AddressInfo).port}/testecf`;
});
afterAll(async () => {
  await new Promise((resolve) => double.server.close(resolve));
  await shop.close();
  rmSync(dir, { recursive: true, force: true });
});

async function signedReceipt(type: "E31" | "E32") {
  const [row] = await shop.database.db.select().from(receipts).where(eq(receipts.type, type)).limit(1);
  const [range] = await shop.database.db
    .select()
    .from(receiptRanges)
    .where(eq(receiptRanges.id, row!.rangeId));
  const xml = ecfXml({
    encf: row!.encf,
    document: row!.document,
    issuedAt: row!.issuedAt,
    sequenceExpiresOn: range!.expiresOn,
  });
  return { row: row!, signed: signXml(xml, certificate) };
}

describe("the e-CF signature", () => {
  it("holds for the document as signed, and breaks when a byte of it changes", async () => {
    const { signed } = await signedReceipt("E31");
    expect(verifyXml(signed)?.subject).toContain("Tienda de Ejemplo SRL");
    expect(verifyXml(signed.replace(/<MontoTotal>(\d)/, "<MontoTotal>9$1"))).toBeNull();
    expect(securityCodeOf(signed)).toMatch(/^[0-9A-F]{6}$/);
  });
});

describe("the DGII client", () => {
  it("takes a token with the signed seed, sends signed e-CFs with it, and reads their state", async () => {
    const client = dgiiClient({ baseUrl, certificate });
    const first = await signedReceipt("E31");
    const trackId = await client.send({
      issuerRnc: "999999992",
      encf: first.row.encf,
      signedXml: first.signed,
    });
    expect(await client.status(trackId)).toMatchObject({ trackId, estado: "Aceptado", eNCF: first.row.encf });
    const second = await signedReceipt("E32");
    await client.send({ issuerRnc: "999999992", encf: second.row.encf, signedXml: second.signed });
    // One seed and one token for both: the token is kept until it nears its expiry.
    expect(double.calls.filter((c) => c.endsWith("/semilla"))).toHaveLength(1);
    expect(double.calls.filter((c) => c.endsWith("/facturaselectronicas"))).toHaveLength(2);
  });

  it("says why the DGII refused an e-CF whose signature does not hold", async () => {
    const client = dgiiClient({ baseUrl, certificate });
    const { row, signed } = await signedReceipt("E32");
    const tampered = signed.replace(/<MontoTotal>(\d)/, "<MontoTotal>9$1");
    await expect(
      client.send({ issuerRnc: "999999992", encf: row.encf, signedXml: tampered }),
    ).rejects.toThrow(DgiiError);
  });
});

describe("receipts issued with the DGII configured", () => {
  it("are signed as they are issued, carry their signature's security code, and are sent and accepted", async () => {
    const sending = await createTestShop({
      env: {
        DGII_BASE_URL: baseUrl,
        DGII_KEY_FILE: join(dir, "key.pem"),
        DGII_CERT_FILE: join(dir, "cert.pem"),
        ISSUER_RNC: "999999992",
        ISSUER_NAME: "Tienda de Ejemplo SRL",
      },
    });
    try {
      const app = sending.app;
      const shopper = await login(app, "shopper");
      const admin = await login(app, "admin");
      const [product] = (
        await app.inject({ method: "GET", url: "/api/product?status=in-stock&pageSize=1" })
      ).json();
      const [method] = (await app.inject({ method: "GET", url: "/api/shipping" })).json();
      const deliver = async (fiscal: object | null) => {
        const placed = await app.inject({
          method: "POST",
          url: "/api/orders",
          headers: shopper.headers,
          payload: {
            items: [
              {
                productId: product.id,
                variantId: product.variants.find((v: { quantity: number }) => v.quantity > 0)?.id,
                quantity: 1,
              },
            ],
            shippingAddress: { streetAddress: "Calle El Conde 9" },
            shippingMethodId: method.id,
            currency: "DOP",
            paymentMethod: "cash_on_delivery",
            phone: "8095550100",
            fiscal,
          },
        });
        expect(placed.statusCode).toBe(201);
        for (const status of ["processing", "shipped", "delivered"]) {
          const moved = await app.inject({
            method: "PUT",
            url: `/api/orders/${placed.json().id}`,
            headers: admin.headers,
            payload:
              status === "shipped" ? { status, carrier: "DHL", trackingNumber: "JD0146000098" } : { status },
          });
          expect(moved.statusCode).toBe(200);
        }
        const [row] = await sending.database.db
          .select()
          .from(receipts)
          .where(eq(receipts.orderId, placed.json().id));
        return row!;
      };
      const e31 = await deliver({ taxId: "131246796", name: "Comercial Ejemplo SRL" });
      const e32 = await deliver(null);
      expect(e31.type).toBe("E31");
      expect(verifyXml(e31.signedXml!)).not.toBeNull();
      expect(e31.securityCode).toBe(securityCodeOf(e31.signedXml!));
      // The key never lands in the receipt.
      expect(JSON.stringify(e31.document)).not.toContain("PRIVATE KEY");

      const client = dgiiClient({ baseUrl, certificate });
      expect(await sendPendingReceipts(sending.database.db, client)).toEqual({ sent: 1, checked: 1 });
      const [sent] = await sending.database.db.select().from(receipts).where(eq(receipts.id, e31.id));
      expect(sent).toMatchObject({ dgiiStatus: "Aceptado" });
      const listed = await app.inject({
        method: "GET",
        url: "/api/receipts?type=E31",
        headers: admin.headers,
      });
      expect(listed.json().find((r: { id: string }) => r.id === e31.id)).toMatchObject({
        dgiiStatus: "Aceptado",
      });
      expect(sent!.dgiiTrackId).toBeTruthy();
      // A consumer invoice under RD$250,000 waits for the daily summary, not sent one by one.
      const [kept] = await sending.database.db.select().from(receipts).where(eq(receipts.id, e32.id));
      expect(kept).toMatchObject({ dgiiTrackId: null, dgiiStatus: null });
      expect(await sendPendingReceipts(sending.database.db, client)).toEqual({ sent: 0, checked: 0 });
    } finally {
      await sending.close();
    }
  });
});
