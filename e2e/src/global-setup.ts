/** Starts one shop for the whole run and hands its addresses to every journey. */
import type { TestProject } from "vitest/node";
import { startShop } from "./shop.ts";

declare module "vitest" {
  export interface ProvidedContext {
    shopUrl: string;
    adminUrl: string;
    /** The shop's DATA_DIR: its mail outbox and development JWT secret. */
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const shop = await startShop();
  project.provide("shopUrl", shop.shopUrl);
  project.provide("adminUrl", shop.adminUrl);
  project.provide("dataDir", shop.dataDir);
  return () => shop.stop();
}
