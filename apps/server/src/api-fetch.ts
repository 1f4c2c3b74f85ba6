/** The API as `fetch`, answered in process (Fastify's inject): how the page server asks the API for page data. */
import type { FastifyInstance } from "fastify";

export function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(
      new URL(String(input instanceof Request ? input.url : input), "http://api.invalid"),
      init,
    );
    const url = new URL(request.url);
    const answer = await app.inject({
      method: request.method as "GET",
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(request.body ? { payload: Buffer.from(await request.arrayBuffer()) } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304 || request.method === "HEAD";
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers,
    });
  };
}
