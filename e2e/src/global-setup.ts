/** Starts one shop for the whole run and hands its addresses to every journey. */
import type { TestProject } from "vitest/node";
import { startShop } from "./shop.ts";

declare module "vitest" {
  export interface ProvidedContext {
    shopUrl: string;
    adminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const shop = await startShop();
  project.provide("shopUrl", shop.shopUrl);
  project.provide("adminUrl", shop.adminUrl);
  return () => shop.stop();
}
