/** react-admin's fetchUtils-shaped HTTP client over @shop/api-client's authFetch, with the API's field errors for forms. */
import { fetchUtils, HttpError } from "react-admin";

export type AuthFetch = (input: string, init?: RequestInit) => Promise<Response>;
export type HttpClient = (
  url: string,
  options?: fetchUtils.Options,
) => Promise<{ status: number; headers: Headers; body: string; json: unknown }>;

/** The API's validation text: "body.price: must be 0 or more; body.imageURLs.0.color.clrCode: must be ...". */
const FIELD_MESSAGE = /^body\.([\w.]+): (.+)$/;

/**
 * The field errors in an API error message, in react-admin's submission shape (`{ "price": "must be ..." }`),
 * so a failed save shows each message beside its input. Null when the message names no field.
 */
export function fieldErrors(message: string): Record<string, string> | null {
  const errors: Record<string, string> = {};
  for (const part of message.split("; ")) {
    const match = FIELD_MESSAGE.exec(part.trim());
    if (match) errors[match[1]!] = match[2]!;
  }
  return Object.keys(errors).length ? errors : null;
}

function errorMessage(json: unknown, text: string, response: Response): string {
  if (json && typeof json === "object" && typeof (json as { message?: unknown }).message === "string") {
    return (json as { message: string }).message;
  }
  return text || response.statusText || `HTTP ${response.status}`;
}

export function createHttpClient(authFetch: AuthFetch): HttpClient {
  return async (url, options = {}) => {
    // The same headers fetchUtils.fetchJson would send (JSON, unless the body is FormData).
    const headers = fetchUtils.createHeadersFromOptions(options);
    const { user: _user, headers: _headers, ...init } = options;
    const response = await authFetch(url, { ...init, headers });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: the text is the answer.
    }
    if (response.status < 200 || response.status >= 300) {
      const message = errorMessage(json, text, response);
      const errors = response.status === 400 ? fieldErrors(message) : null;
      throw new HttpError(message, response.status, errors ? { ...(json as object), errors } : json);
    }
    return { status: response.status, headers: response.headers, body: text, json };
  };
}
