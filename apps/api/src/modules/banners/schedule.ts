/**
 * Banner dates as changes of what the storefront shows. When a switched-on banner starts or ends, nobody writes,
 * so no notification empties the rendered pages; instead each process reads from the database the next moment a
 * banner starts or ends (again after every change it hears of) and, on the first look at the content version at
 * or past that moment, moves the version itself. Pages cached under the old version are then rendered again at once.
 */

import { catalogueChanged, catalogueVersion } from "../../catalogue-cache/catalogue-cache.ts";
import type { Db } from "../../db/client.ts";
import { nextBannerChange } from "./repository.ts";

/** Returns the check to run before each look at the content version. */
export function bannerSchedule(db: Db, now: () => number = () => Date.now()): () => void {
  let next: number | null = null;
  // The content version `next` was read at; undefined: not read yet (or the read failed).
  let readAt: number | null | undefined;
  let reading = false;

  function read(version: number | null) {
    reading = true;
    readAt = version;
    nextBannerChange(db, new Date(now()))
      .then((at) => {
        next = at?.getTime() ?? null;
      })
      .catch(() => {
        readAt = undefined;
      })
      .finally(() => {
        reading = false;
      });
  }

  return function check() {
    if (next !== null && now() >= next) {
      next = null;
      catalogueChanged(db);
    }
    const version = catalogueVersion(db);
    if (version !== readAt && !reading) read(version);
  };
}
