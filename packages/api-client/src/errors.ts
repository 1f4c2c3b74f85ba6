/** The client's typed errors: an HTTP failure, a network failure, and an answer that breaks the contract. */
import { accountMessages } from "@shop/domain/messages";
import type { z } from "zod";

/** A call that failed: `status` is the HTTP status (0 when the server was not reached), `body` the parsed answer. */
export class ApiError extends Error {
  override readonly name: string = "ApiError";
  constructor(
    message: string,
    readonly status: number,
    /** The error answer: parsed JSON when it was JSON, else its text; null when there was none. */
    readonly body: unknown = null,
    /** Which client function failed, e.g. "orders.place". */
    readonly call?: string,
  ) {
    super(message);
  }
}

/** fetch itself failed (offline, DNS, refused connection, CORS): the server never answered. */
export class NetworkError extends ApiError {
  override readonly name = "NetworkError";
  constructor(
    call?: string,
    override readonly cause?: unknown,
  ) {
    super(accountMessages.networkError, 0, null, call);
  }
}

/** The server answered with success, but not in the shape @shop/domain's schemas promise. */
export class ApiContractError extends ApiError {
  override readonly name = "ApiContractError";
  constructor(
    call: string,
    status: number,
    body: unknown,
    readonly issues: readonly z.core.$ZodIssue[],
    /** The spec fixes some texts (a login answer without token or user); the rest name the call and the issue. */
    message = `${call}: the answer does not match the contract: ${describeIssues(issues)}`,
  ) {
    super(message, status, body, call);
  }
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues.slice(0, 3).map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
  return issues.length > 3 ? `${shown.join("; ")}; and ${issues.length - 3} more` : shown.join("; ");
}

/** The detail the generic message shows: the JSON body's message, else its error, else the raw text. */
export function errorDetail(body: unknown, text: string): string {
  if (body !== null && typeof body === "object") {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === "string" && message !== "") return message;
    if (typeof error === "string" && error !== "") return error;
  }
  return text;
}
