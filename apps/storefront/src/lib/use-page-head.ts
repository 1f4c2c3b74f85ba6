/** The page's title and meta description, set on the client too (the server writes them for the first load). */
import { useEffect } from "react";
import { SHOP_NAME } from "#lib/shop-name.ts";

export function usePageHead(title: string | null | undefined, description?: string | null): void {
  useEffect(() => {
    if (!title) return;
    document.title = title === SHOP_NAME ? title : `${title} | ${SHOP_NAME}`;
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement("meta");
        meta.name = "description";
        document.head.append(meta);
      }
      meta.content = description.length > 160 ? `${description.slice(0, 157)}...` : description;
    }
  }, [title, description]);
}
