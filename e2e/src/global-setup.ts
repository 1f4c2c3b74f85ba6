/**
 * Starts one shop for the whole run and hands its addresses to every journey. Both projects of the run (the journeys
 * that run side by side, then those that change what every shopper sees) call this: the second call gets the shop
 * the first started, and the shop stops when the last of them is done.
 */
import type { TestProject } from "vitest/node";
import { type RunningShop, startShop } from "./shop.ts";

declare module "vitest" {
  export interface ProvidedContext {
    shopUrl: string;
    adminUrl: string;
    /** The shop's DATA_DIR: its mail outbox, its development JWT secret, and the journeys' product claims. */
    dataDir: string;
  }
}

/** Kept on globalThis: Vitest loads this module once per project, in the one main process. */
const shared = globalThis as typeof globalThis & {
  __journeysShop?: { starting: Promise<RunningShop>; users: number };
};

export default async function setup(project: TestProject) {
  shared.__journeysShop ??= { starting: startShop(), users: 0 };
  const run = shared.__journeysShop;
  run.users += 1;
  const shop = await run.starting;
  project.provide("shopUrl", shop.shopUrl);
  project.provide("adminUrl", shop.adminUrl);
  project.provide("dataDir", shop.dataDir);
  return async () => {
    run.users -= 1;
    if (run.users > 0) return;
    shared.__journeysShop = undefined;
    await shop.stop();
  };
}
