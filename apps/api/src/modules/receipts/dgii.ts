/**
 * The DGII's e-CF web services, as its "Descripción técnica de facturación electrónica" describes them: the seed
 * (GET autenticacion/api/autenticacion/semilla), signed and sent back for a token (POST .../validarsemilla), an
 * e-CF sent with that token (POST recepcion/api/facturaselectronicas, answering a trackId), and its validation
 * state (GET consultaresultado/api/consultas/estado?trackid=). Off unless configured: nothing in the shop calls it
 * yet (decision 066); a test double answering like the DGII's test environment holds it to the protocol.
 */
import { type Certificate, signXml } from "./signing.ts";

export interface DgiiStatus {
  trackId: string;
  codigo: number;
  /** "Aceptado", "Aceptado Condicional", "Rechazado", "En Proceso"… */
  estado: string;
  eNCF?: string;
  mensajes: { valor: string; codigo: number }[];
}

export interface DgiiClient {
  /** Sends a signed e-CF; answers the DGII's trackId. */
  send(input: { issuerRnc: string; encf: string; signedXml: string }): Promise<string>;
  status(trackId: string): Promise<DgiiStatus>;
}

export class DgiiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The seed's value and date, read from the DGII's SemillaModel. */
function readSeed(xml: string): { valor: string; fecha: string } {
  const valor = /<valor>([^<]*)<\/valor>/.exec(xml)?.[1];
  const fecha = /<fecha>([^<]*)<\/fecha>/.exec(xml)?.[1];
  if (!valor || !fecha) throw new DgiiError("The DGII's seed has no value or date", 502);
  return { valor, fecha };
}

/** The seed written back in canonical form, ready to sign (signing.ts signs canonical documents as they are). */
const seedDocument = (seed: { valor: string; fecha: string }) =>
  `<?xml version="1.0" encoding="utf-8"?><SemillaModel><valor>${seed.valor}</valor><fecha>${seed.fecha}</fecha></SemillaModel>`;

export function dgiiClient(options: {
  /** https://ecf.dgii.gov.do/testecf (certecf, ecf), or a test double's address. */
  baseUrl: string;
  certificate: Certificate;
  fetch?: typeof fetch;
  now?: () => Date;
}): DgiiClient {
  const get = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  let session: { token: string; expires: number } | null = null;

  async function answer<T>(response: Response, what: string): Promise<T> {
    if (!response.ok) throw new DgiiError(`${what}: the DGII answered ${response.status}`, response.status);
    return (await response.json()) as T;
  }

  const file = (name: string, xml: string) => {
    const form = new FormData();
    form.append("xml", new Blob([xml], { type: "text/xml" }), name);
    return form;
  };

  async function token(): Promise<string> {
    // A minute's margin: a token about to expire is renewed first.
    if (session && session.expires - 60_000 > now().getTime()) return session.token;
    const seedResponse = await get(`${options.baseUrl}/autenticacion/api/autenticacion/semilla`);
    if (!seedResponse.ok)
      throw new DgiiError(`seed: the DGII answered ${seedResponse.status}`, seedResponse.status);
    const signed = signXml(seedDocument(readSeed(await seedResponse.text())), options.certificate);
    const validated = await answer<{ token: string; expira: string }>(
      await get(`${options.baseUrl}/autenticacion/api/autenticacion/validarsemilla`, {
        method: "POST",
        headers: { accept: "application/json" },
        body: file("semilla.xml", signed),
      }),
      "token",
    );
    session = { token: validated.token, expires: Date.parse(validated.expira) };
    return validated.token;
  }

  return {
    async send({ issuerRnc, encf, signedXml }) {
      const result = await answer<{ trackId?: string; error?: string; mensaje?: string }>(
        await get(`${options.baseUrl}/recepcion/api/facturaselectronicas`, {
          method: "POST",
          headers: { accept: "application/json", authorization: `bearer ${await token()}` },
          // The file's name as the DGII's communication standard asks: the issuer's RNC and the e-NCF.
          body: file(`${issuerRnc}${encf}.xml`, signedXml),
        }),
        "reception",
      );
      if (!result.trackId)
        throw new DgiiError(`reception: ${result.mensaje ?? result.error ?? "no trackId"}`, 502);
      return result.trackId;
    },
    async status(trackId) {
      return answer<DgiiStatus>(
        await get(
          `${options.baseUrl}/consultaresultado/api/consultas/estado?trackid=${encodeURIComponent(trackId)}`,
          {
            headers: { accept: "application/json", authorization: `bearer ${await token()}` },
          },
        ),
        "status",
      );
    },
  };
}
