/**
 * A picture sent to POST /uploads with its progress told as it goes: fetch cannot say how much of a body has been
 * sent, XMLHttpRequest can. Signed with the session's token; a refused token (401) is left to the caller, which
 * sends the file again through the client that refreshes it.
 */
import type { Upload } from "@shop/domain/schemas/admin";

/** An upload the API refused: its status and the message it gave. */
export class UploadRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function uploadWithProgress(
  url: string,
  file: Blob,
  name: string,
  token: string | null,
  onProgress: (share: number) => void,
): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status === 201) {
        onProgress(1);
        resolve(body as Upload);
        return;
      }
      const message = (body as { message?: unknown } | undefined)?.message;
      reject(
        new UploadRefused(
          request.status,
          typeof message === "string" ? message : request.statusText || `HTTP ${request.status}`,
        ),
      );
    };
    request.onerror = () => reject(new UploadRefused(0, "The upload could not reach the shop"));
    const body = new FormData();
    body.append("file", file, name);
    request.send(body);
  });
}

/** How far a file sent with sendWithProgress has gone: its upload, then the API's work on it as the API tells it. */
export interface SendProgress {
  stage: "sending" | "working";
  /** 0 to 1 of the stage. */
  share: number;
  /** Rows the API has read (working). */
  rows?: number;
}

/** The answer given as lines (application/x-ndjson): progress lines, then the status and report, or a message. */
type AnswerLine =
  | { progress: { share: number; rows: number } }
  | { status: number; report?: unknown; message?: string };

/**
 * A file sent as the request's own body (a catalogue spreadsheet, text/csv) with its progress told as it goes: the
 * upload's, then the API's as it works through the rows (it answers lines when asked, POST /admin/products/import).
 * Answers the status and the JSON the API gave, for the caller to read (an import's report comes with 200 or 422).
 */
export function sendWithProgress(
  url: string,
  file: Blob,
  contentType: string,
  token: string | null,
  onProgress: (progress: SendProgress) => void,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.setRequestHeader("Content-Type", contentType);
    request.setRequestHeader("Accept", "application/x-ndjson, application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress({ stage: "sending", share: event.loaded / event.total });
    };
    request.upload.onload = () => onProgress({ stage: "sending", share: 1 });
    const inLines = () =>
      request.getResponseHeader("Content-Type")?.includes("application/x-ndjson") ?? false;
    let read = 0;
    let last: Extract<AnswerLine, { status: number }> | null = null;
    /** The complete lines that arrived since the last look. */
    const readLines = () => {
      const text = request.responseText;
      const end = text.lastIndexOf("\n");
      if (end < read) return;
      for (const line of text.slice(read, end).split("\n")) {
        if (!line.trim()) continue;
        const answer = JSON.parse(line) as AnswerLine;
        if ("progress" in answer) onProgress({ stage: "working", ...answer.progress });
        else last = answer;
      }
      read = end + 1;
    };
    request.onprogress = () => {
      if (inLines()) readLines();
    };
    request.onload = () => {
      if (inLines()) {
        try {
          readLines();
        } catch {
          last = null;
        }
        if (last) {
          resolve({ status: last.status, json: last.report ?? { message: last.message } });
        } else
          reject(new UploadRefused(0, "The shop's answer was cut short; check the catalogue and try again"));
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(request.responseText);
      } catch {
        json = undefined;
      }
      resolve({ status: request.status, json });
    };
    request.onerror = () => reject(new UploadRefused(0, "The file could not reach the shop"));
    request.send(file);
  });
}
