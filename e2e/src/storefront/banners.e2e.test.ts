// Banners in the storefront: the home slider of every hero banner showing now (drawn by the server, taken over
// without a mismatch, moving by itself except under the pointer, with focus in it or for reduced motion; arrows,
// dots and swipes), the home's other places, each alternative home's own banners, words readable on a phone,
// and banner dates that a kept page follows.
import type { Banner } from "@shop/domain/schemas/public";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, apiLogin, apiUrl } from "../backoffice/admin.ts";
import { DESK, journeyBrowser, openPage, PHONE, POLL_MS, seriousAxeViolations } from "../browser.ts";
import { rendered, scrollThrough, settled, shopUrl, unexpected, visit } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

/** The banners a shopper is served for a position, in order. */
async function showing(position: string): Promise<Banner[]> {
  const response = await fetch(apiUrl(`/banners?active=true&position=${position}`));
  expect(response.status).toBe(200);
  return (await response.json()) as Banner[];
}

const slider = (page: Page) => page.getByRole("region", { name: "Offers" });

/** The title of the slide shown now (the others are inert). */
function shownTitle(page: Page): Promise<string | null> {
  return slider(page)
    .locator('[aria-roledescription="slide"]:not([inert]) h2')
    .first()
    .textContent({ timeout: 5000 });
}

/** The titles of every slide, shown or not. */
const slideTitles = (page: Page) =>
  slider(page).locator('[aria-roledescription="slide"] h2').allTextContents();

/** How long a slide shows (SLIDE_INTERVAL_MS in @shop/ui's slider), and a time past it. */
const SLIDE_MS = 6000;
const PAST_ONE_SLIDE_MS = SLIDE_MS + 1000;

/**
 * The home at `options`, with the page's clock in the journey's hand: time runs as usual, and `clock.runFor` moves
 * it on at once (the slider's timers fire as they would), so "not in 7 seconds" costs no 7 seconds.
 */
async function visitHome(options: BrowserContextOptions) {
  const watched = await openPage(browser, options);
  await watched.page.clock.install();
  await watched.page.goto(`${shopUrl()}/`);
  await settled(watched.page);
  return watched;
}

/** Waits until the slide shown is the one with this title. */
const showsSlide = (page: Page, title: string | undefined) =>
  page.waitForFunction(
    (expected) =>
      document.querySelector('[aria-roledescription="slide"]:not([inert]) h2')?.textContent === expected,
    title,
    { timeout: 10_000, polling: POLL_MS },
  );

describe("the home page's slider", () => {
  it("has every hero banner showing now, the first drawn by the server, taken over without a mismatch", async () => {
    const hero = await showing("home-hero");
    expect(hero.length).toBe(2);

    // With scripts off: only what the server drew.
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const drawn = await context.newPage();
    await drawn.goto(`${shopUrl()}/`);
    expect(await slideTitles(drawn)).toEqual(hero.map((b) => b.title));
    expect(await shownTitle(drawn)).toBe(hero[0]!.title);
    await expect(drawn.getByRole("heading", { name: hero[0]!.title }).isVisible()).resolves.toBe(true);
    await context.close();

    const { page, problems } = await visit(browser, "/");
    expect(await slideTitles(page)).toEqual(hero.map((b) => b.title));
    expect(await shownTitle(page)).toBe(hero[0]!.title);
    expect(unexpected(problems)).toEqual([]);
    await page.context().close();
  });

  it("moves on by itself, and not while the pointer is over it or focus is in it", async () => {
    const hero = (await showing("home-hero")).map((b) => b.title);
    const { page, problems } = await visitHome(DESK);
    await page.mouse.move(5, 890);
    // The page's time has run while it loaded: whichever slide shows now, one slide's time brings the other, once.
    const shown = await shownTitle(page);
    const other = hero.find((title) => title !== shown);
    await page.clock.runFor(SLIDE_MS);
    await showsSlide(page, other);

    await slider(page).getByRole("heading", { name: other }).hover();
    await page.clock.runFor(PAST_ONE_SLIDE_MS);
    await rendered(page);
    expect(await shownTitle(page)).toBe(other);

    await page.mouse.move(5, 890);
    await slider(page).getByRole("button", { name: "Previous slide" }).focus();
    await page.keyboard.press("Enter");
    expect(await shownTitle(page)).toBe(shown);
    await page.mouse.move(5, 890);
    await page.clock.runFor(PAST_ONE_SLIDE_MS);
    await rendered(page);
    expect(await shownTitle(page)).toBe(shown);
    expect(unexpected(problems)).toEqual([]);
    await page.context().close();
  });

  it("stays still for shoppers who ask for reduced motion, until they press play", async () => {
    const hero = (await showing("home-hero")).map((b) => b.title);
    const { page } = await visitHome({ ...DESK, reducedMotion: "reduce" });
    await page.mouse.move(5, 890);
    const play = slider(page).getByRole("button", { name: "Play slides" });
    await play.waitFor();
    await page.clock.runFor(PAST_ONE_SLIDE_MS);
    await rendered(page);
    expect(await shownTitle(page)).toBe(hero[0]);
    await play.click();
    await page.mouse.move(5, 890);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(PAST_ONE_SLIDE_MS);
    await showsSlide(page, hero[1]);
    await page.context().close();
  });

  it("goes by arrows and dots, and by swipes on a phone", async () => {
    const hero = (await showing("home-hero")).map((b) => b.title);
    const { page, problems } = await visit(browser, "/", { ...PHONE, reducedMotion: "reduce" });
    await slider(page).getByRole("button", { name: "Next slide" }).click();
    expect(await shownTitle(page)).toBe(hero[1]);
    await slider(page)
      .getByRole("button", { name: `Show slide 1: ${hero[0]}` })
      .click();
    expect(await shownTitle(page)).toBe(hero[0]);
    await expect(
      slider(page)
        .getByRole("button", { name: `Show slide 1: ${hero[0]}` })
        .getAttribute("aria-current"),
    ).resolves.toBe("true");

    // A finger moving right to left over the picture, as Chromium's touch screen reports it.
    const box = (await slider(page).locator('[aria-roledescription="slide"]').first().boundingBox())!;
    const y = box.y + box.height / 2;
    const cdp = await page.context().newCDPSession(page);
    const swipe = async (fromX: number, toX: number) => {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: fromX, y }] });
      for (const x of [fromX + (toX - fromX) / 2, toX]) {
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };
    await swipe(320, 60);
    await showsSlide(page, hero[1]);
    await swipe(60, 320);
    await showsSlide(page, hero[0]);
    expect(unexpected(problems)).toEqual([]);
    await page.context().close();
  });

  it("writes its words as text a phone can read, and every banner fits the screen at either width", async () => {
    const [first] = await showing("home-hero");
    for (const options of [PHONE, DESK]) {
      const { page } = await visit(browser, "/", { ...options, reducedMotion: "reduce" });
      const subtitle = slider(page).getByText(first!.subtitle);
      const size = await subtitle.evaluate((element) =>
        Number.parseFloat(getComputedStyle(element).fontSize),
      );
      expect(size).toBeGreaterThanOrEqual(16);
      expect((await subtitle.boundingBox())!.height).toBeGreaterThanOrEqual(16);
      await scrollThrough(page);
      // Every banner in view (a slider's shown slide, the single banners) fits the screen's width, and a
      // slider's hidden slides are clipped, not scrolled to.
      const outside = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const boxes = [
          ...document.querySelectorAll('main [aria-roledescription="carousel"]'),
          ...[...document.querySelectorAll('main a[aria-label^="Shop now: "]')]
            .filter((link) => !link.closest("[inert]"))
            .map((link) => link.parentElement!.parentElement!),
        ];
        return boxes
          .filter((box) => box.getBoundingClientRect().left < 0 || box.getBoundingClientRect().right > width)
          .map((box) => box.textContent);
      });
      expect(outside).toEqual([]);
      const sliders = page.locator('main [aria-roledescription="carousel"]');
      for (const index of Array.from({ length: await sliders.count() }, (_, i) => i)) {
        const clipped = await sliders
          .nth(index)
          .evaluate((section) => section.scrollWidth - section.clientWidth);
        expect(clipped).toBeLessThanOrEqual(0);
      }
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.context().close();
    }
  });
});

describe("the home page's other places", () => {
  it("shows the home-middle banner after the featured products and the home-bottom one before the blog", async () => {
    const [middle] = await showing("home-middle");
    const [bottom] = await showing("home-bottom");
    expect(middle!.title).toBe("Fine Jewelry, Made to Last");
    expect(bottom!.title).toBe("Step Into Comfort");
    const { page } = await visit(browser, "/");
    await scrollThrough(page);
    const headings = await page.locator("main h2").allTextContents();
    const at = (text: string) => headings.indexOf(text);
    expect(at(middle!.title)).toBeGreaterThan(at("Featured products"));
    expect(at(bottom!.title)).toBeGreaterThan(at(middle!.title));
    expect(at(bottom!.title)).toBeLessThan(at("From the blog"));
    await expect(
      page.getByRole("link", { name: `Shop now: ${middle!.title}` }).getAttribute("href"),
    ).resolves.toBe(middle!.link);
    await page.context().close();
  });
});

describe("the alternative homes", () => {
  it.each([
    ["/home-2", "home-2-hero", "Electronics"],
    ["/home-3", "home-3-hero", "Fashion"],
    ["/home-4", "home-4-hero", "Beauty & Jewelry"],
  ])("%s shows its own banners, and each heading once", async (path, position, title) => {
    const own = (await showing(position)).map((b) => b.title);
    const home = (await showing("home-hero")).map((b) => b.title);
    expect(own.length).toBeGreaterThan(0);
    const { page, problems } = await visit(browser, path);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(title);
    const headings = (await page.locator("main :is(h1, h2, h3)").allTextContents()).map((h) => h.trim());
    for (const banner of own) expect(headings).toContain(banner);
    for (const banner of home) expect(headings).not.toContain(banner);
    // The headphones banner belongs to the electronics pages only.
    if (path === "/home-4") expect(headings).not.toContain("Hear Every Detail");
    expect(headings.filter((h, i) => headings.indexOf(h) !== i)).toEqual([]);
    expect(unexpected(problems)).toEqual([]);
    await page.context().close();
  });
});

describe("banner dates", () => {
  const made: string[] = [];
  let admin: Record<string, string>;
  beforeAll(async () => {
    admin = (await apiLogin(ADMIN)).headers;
  });
  afterAll(async () => {
    for (const id of made) await fetch(apiUrl(`/banners/${id}`), { method: "DELETE", headers: admin });
  });

  async function create(body: Record<string, unknown>): Promise<Banner> {
    const response = await fetch(apiUrl("/banners"), {
      method: "POST",
      headers: { ...admin, "Content-Type": "application/json" },
      body: JSON.stringify({
        img: "/api/images/banners/0.svg",
        position: "home-bottom",
        sortOrder: 9,
        ...body,
      }),
    });
    expect(response.status).toBe(201);
    const banner = (await response.json()) as Banner;
    made.push(banner.id);
    return banner;
  }

  const bottomTitles = async (page: Page) => {
    await page.goto(`${shopUrl()}/`);
    await settled(page);
    await scrollThrough(page);
    return page.locator("main h2").allTextContents();
  };

  it("shows a banner only between its dates, and a kept page stops showing it when it ends", async () => {
    const now = Date.now();
    await create({ title: "Not Yet", startsAt: new Date(now + 24 * 3600_000).toISOString() });
    const ending = await create({
      title: "Last Chance",
      startsAt: new Date(now - 3600_000).toISOString(),
      endsAt: new Date(now + 8000).toISOString(),
    });
    const { page } = await openPage(browser, { ...DESK, reducedMotion: "reduce" });
    const before = await bottomTitles(page);
    expect(before).toContain("Last Chance");
    expect(before).not.toContain("Not Yet");

    // The shop stops drawing it once it has ended (the shop's clock is the real one), not before.
    await expect
      .poll(async () => (await (await fetch(`${shopUrl()}/`)).text()).includes("Last Chance"), {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(false);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(ending.endsAt!));
    const after = await bottomTitles(page);
    expect(after).not.toContain("Last Chance");
    await page.context().close();
  });
});
