/**
 * The document's title and description as the app changes them (the server writes them into the page it sends):
 * the route's head after each navigation and as its data arrives (app/route-head.tsx), the 404 page's own.
 */
import { useEffect } from "react";

export interface DocumentHead {
  /** The whole title; without one, the title stays as it is (the page's data is not there yet). */
  title?: string;
  description?: string;
}

export function applyHead({ title, description }: DocumentHead): void {
  if (title === undefined) return;
  if (document.title !== title) document.title = title;
  if (description === undefined) return;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "description";
    document.head.append(meta);
  }
  if (meta.content !== description) meta.content = description;
}

/** Sets the document's head from a component, once rendered. */
export function useDocumentHead(head: DocumentHead): void {
  const { title, description } = head;
  useEffect(() => applyHead({ title, description }), [title, description]);
}
