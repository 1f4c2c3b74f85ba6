/** Story data: the shared sample catalogue turned into API-shaped objects, with its pictures inlined (stories only). */
import { FALLBACK_DOP_RATE } from "@shop/domain/constants";
import { type SampleRecords, sampleRecords } from "@shop/domain/sample-catalogue/records";
import type { Banner, BlogPost, Category, Product } from "@shop/domain/schemas/public";

/** The instant every story is drawn at, so countdowns and dates read the same on every run. */
export const STORY_NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
export const STORY_RATE = FALLBACK_DOP_RATE;

let records: SampleRecords | undefined;
/** The sample catalogue as API records, drawn on first use. */
const sampleShop = () => {
  records ??= sampleRecords(STORY_NOW);
  return records;
};

/** The ~40 sample products. */
export function sampleProducts(): Product[] {
  return sampleShop().products;
}

function pick(predicate: (p: Product) => boolean, what: string): Product {
  const found = sampleProducts().find(predicate);
  if (!found) throw new Error(`The sample catalogue has no ${what}`);
  return found;
}

/** Products that show the states the components must handle. */
export const sample = {
  discounted: () =>
    pick((p) => p.discount > 0 && p.status === "in-stock" && p.imageURLs.length > 2, "discount"),
  fullPrice: () => pick((p) => p.discount === 0 && p.status === "in-stock", "full-price product"),
  outOfStock: () => pick((p) => p.status === "out-of-stock", "out-of-stock product"),
  /** The sample shop names no video (none of its products has a real one): a product given the id of one. */
  withVideo: (): Product => ({ ...sample.fullPrice(), videoId: "M7lc1UVf-VE" }),
  longTitle: (): Product => ({
    ...sample.discounted(),
    id: "sample-long-title",
    title:
      "Aurora ANC Wireless Over-Ear Headphones with Hybrid Noise Cancelling, 38-Hour Battery, Memory-Foam Cushions and Travel Case",
  }),
};

export function sampleBanners(): Banner[] {
  return sampleShop().banners;
}

export function sampleCategories(): Category[] {
  return sampleShop().categories;
}

export function sampleBlogPosts(): BlogPost[] {
  return sampleShop().posts;
}
