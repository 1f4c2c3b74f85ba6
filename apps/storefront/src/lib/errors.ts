/** How a failed call reads to a shopper, and whether it means the API cannot be reached at all. */

interface ErrorLike {
  status?: unknown;
  message?: unknown;
}

function statusOf(error: unknown): number | null {
  const status = (error as ErrorLike | null)?.status;
  return typeof status === "number" ? status : null;
}

/** The server was not reached (status 0), or a proxy in front of it answered that it is down. */
export function isUnreachable(error: unknown): boolean {
  const status = statusOf(error);
  return status === 0 || status === 502 || status === 503 || status === 504;
}

export function isNotFound(error: unknown): boolean {
  return statusOf(error) === 404;
}

export function errorMessage(error: unknown): string {
  const message = (error as ErrorLike | null)?.message;
  return typeof message === "string" && message !== "" ? message : "Something went wrong.";
}
