/** Banner places and schedules: which positions each storefront home shows, and whether a banner shows at a moment. */

/** The positions the storefront draws, each with where it shows (the back office lists them for staff). */
export const BANNER_POSITIONS = {
  "home-hero": "Home (/): the slider at the top",
  "home-middle": "Home (/): the wide banner after the featured products",
  "home-bottom": "Home (/): the wide banner before the blog",
  "home-2-hero": "Electronics home (/home-2): the slider at the top",
  "home-3-hero": "Fashion home (/home-3): the slider at the top",
  "home-4-hero": "Beauty & Jewelry home (/home-4): the slider at the top",
} as const;
export type BannerPosition = keyof typeof BANNER_POSITIONS;

/** The home page's places: the slider at the top, a banner after the featured products, one before the blog. */
export const HOME_BANNERS = {
  hero: "home-hero",
  middle: "home-middle",
  bottom: "home-bottom",
} as const satisfies Record<string, BannerPosition>;

/** The alternative homes' sliders, by route name: each shows its own banners, never another home's. */
export const ALT_HOME_HERO = {
  home2: "home-2-hero",
  home3: "home-3-hero",
  home4: "home-4-hero",
} as const satisfies Record<string, BannerPosition>;

export interface BannerSchedule {
  active: boolean;
  /** ISO date-times; null: from always, until always. */
  startsAt: string | null;
  endsAt: string | null;
}

/** True when a banner shows at `now` (ms): switched on, started (inclusive) and not yet ended (exclusive). */
export function bannerShowsAt(banner: BannerSchedule, now: number): boolean {
  if (!banner.active) return false;
  if (banner.startsAt !== null && Date.parse(banner.startsAt) > now) return false;
  if (banner.endsAt !== null && Date.parse(banner.endsAt) <= now) return false;
  return true;
}

/** Where a banner stands at `now`: showing, waiting for its start, ended, or switched off. */
export function bannerStatus(banner: BannerSchedule, now: number): "showing" | "scheduled" | "ended" | "off" {
  if (!banner.active) return "off";
  if (banner.endsAt !== null && Date.parse(banner.endsAt) <= now) return "ended";
  if (banner.startsAt !== null && Date.parse(banner.startsAt) > now) return "scheduled";
  return "showing";
}
