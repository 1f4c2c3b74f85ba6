/** A scripted fetch for the unit layer: what the real server cannot be made to do (fail to connect, answer other shapes). */

export interface FakeRequest {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

/** Answers with the handler's Response, or rejects like a real fetch with its Error. */
export function fakeFetch(handler: (request: FakeRequest) => Response | Error) {
  const requests: FakeRequest[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request: FakeRequest = {
      method: init?.method ?? "GET",
      url: String(input),
      headers: new Headers(init?.headers),
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const answer = handler(request);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { fetch, requests };
}
