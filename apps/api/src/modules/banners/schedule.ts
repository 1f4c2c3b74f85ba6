/**
 * Banner dates as changes of what the storefront shows. When a switched-on banner starts or ends, nobody writes,
 * so no notification empties the drawn pages; instead each process reads from the database the next moment a
 * banner starts or ends (again after every change it hears of) and, on the first look at the content version at
 * or past that moment, moves the version itself. Pages kept under the old version are then redrawn at once.
 */
import type { Db } from "../../db/client.ts";
import { catalogueChanged, catalogueVersion } from "../products/catalogue-cache.ts";
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
