/**
 * Signing an e-CF with the business's certificate, as the DGII's "Firmado de e-CF" asks: an enveloped XML
 * signature (Reference URI="", the enveloped-signature transform), canonical XML 1.0 (C14N), RSA-SHA256 and a
 * SHA-256 digest, with the certificate in KeyInfo. The documents signed here are the shop's own (ecf.ts) and the
 * DGII's seed rebuilt by dgii.ts: both are written in canonical form already, so canonicalising them is dropping the
 * XML declaration, and SignedInfo is written canonical too (with the namespace it inherits from Signature).
 */
import { createHash, createPublicKey, type KeyObject, sign, verify, X509Certificate } from "node:crypto";

const DSIG = "http://www.w3.org/2000/09/xmldsig#";

export interface Certificate {
  /** The private key (PEM, or a KeyObject). */
  key: string | KeyObject;
  /** The X.509 certificate (PEM). */
  certificate: string;
}

function signedInfo(digest: string, withNamespace: boolean): string {
  return (
    `<SignedInfo${withNamespace ? ` xmlns="${DSIG}"` : ""}>` +
    `<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"></CanonicalizationMethod>` +
    `<SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"></SignatureMethod>` +
    `<Reference URI=""><Transforms><Transform Algorithm="${DSIG}enveloped-signature"></Transform></Transforms>` +
    `<DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"></DigestMethod>` +
    `<DigestValue>${digest}</DigestValue></Reference></SignedInfo>`
  );
}

const withoutDeclaration = (xml: string) => xml.replace(/^\uFEFF?<\?xml[^>]*\?>\s*/, "");
const certificateBase64 = (pem: string) => new X509Certificate(pem).raw.toString("base64");

/** The document with its signature as the last child of its root element. */
export function signXml(xml: string, certificate: Certificate): string {
  const document = withoutDeclaration(xml);
  const digest = createHash("sha256").update(document, "utf8").digest("base64");
  const value = sign("sha256", Buffer.from(signedInfo(digest, true), "utf8"), certificate.key).toString(
    "base64",
  );
  const signature =
    `<Signature xmlns="${DSIG}">${signedInfo(digest, false)}<SignatureValue>${value}</SignatureValue>` +
    `<KeyInfo><X509Data><X509Certificate>${certificateBase64(certificate.certificate)}</X509Certificate></X509Data></KeyInfo></Signature>`;
  const close = document.lastIndexOf("</");
  return `<?xml version="1.0" encoding="utf-8"?>${document.slice(0, close)}${signature}${document.slice(close)}`;
}

/**
 * Checks a document signed by signXml: the digest of the document without its signature, and the signature over
 * SignedInfo with the certificate it carries. Answers the certificate, or null when either does not hold.
 */
export function verifyXml(xml: string): X509Certificate | null {
  const document = withoutDeclaration(xml);
  const match = /<Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#">(.*?)<\/Signature>/s.exec(
    document,
  );
  if (!match) return null;
  const inner = match[1]!;
  const digest = /<DigestValue>([^<]+)<\/DigestValue>/.exec(inner)?.[1];
  const value = /<SignatureValue>([^<]+)<\/SignatureValue>/.exec(inner)?.[1];
  const cert = /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(inner)?.[1];
  if (!digest || !value || !cert) return null;
  const unsigned = document.replace(match[0], "");
  if (createHash("sha256").update(unsigned, "utf8").digest("base64") !== digest) return null;
  const certificate = new X509Certificate(Buffer.from(cert, "base64"));
  const ok = verify(
    "sha256",
    Buffer.from(signedInfo(digest, true), "utf8"),
    createPublicKey(certificate.publicKey.export({ type: "spki", format: "pem" })),
    Buffer.from(value, "base64"),
  );
  return ok ? certificate : null;
}

/**
 * The security code a printed receipt carries: the first six characters of the SHA-256 hash of the signature
 * value, as the DGII's QR link expects of a signed e-CF.
 */
export function securityCodeOf(signedXml: string): string {
  const value = /<SignatureValue>([^<]+)<\/SignatureValue>/.exec(signedXml)?.[1] ?? "";
  return createHash("sha256").update(value).digest("hex").slice(0, 6).toUpperCase();
}
