/** Slider stories: arrows and dots, autoplay pausing on hover, focus and the pause button, swipes, reduced motion, one banner. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { sampleBanners } from "../stories/sample.ts";
import { BannerSlider } from "./banner-slider.tsx";

const banners = sampleBanners()
  .filter((b) => b.position === "home-hero" || b.position === "home-middle")
  .slice(0, 3)
  .map((b) => ({ ...b, active: true }));
const titles = banners.map((b) => b.title);

const meta = {
  title: "Home/BannerSlider",
  component: BannerSlider,
  args: { banners, priority: true, intervalMs: 60_000 },
} satisfies Meta<typeof BannerSlider>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Draws the story below the frame's top-left corner, where the test browser's real pointer rests: a slider drawn
 * under it gets trusted mouse events whenever the page is laid out again, counts as hovered, and stops playing.
 */
const awayFromThePointer: NonNullable<Story["decorators"]> = [
  (Story) => (
    <div style={{ paddingTop: 48 }}>
      <Story />
    </div>
  ),
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The title of the slide shown now; the others are inert (out of reach of keyboards and screen readers). */
function shownTitle(canvasElement: HTMLElement): string | null {
  const slides = [...canvasElement.querySelectorAll('[aria-roledescription="slide"]')];
  const shown = slides.filter((slide) => !slide.hasAttribute("inert"));
  expect(shown).toHaveLength(1);
  return shown[0]!.querySelector("h2")?.textContent ?? null;
}

export const ArrowsAndDots: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("region", { name: "Offers" })).toHaveAttribute(
      "aria-roledescription",
      "carousel",
    );
    await expect(canvasElement.querySelectorAll('[aria-roledescription="slide"]')).toHaveLength(
      titles.length,
    );
    await expect(shownTitle(canvasElement)).toBe(titles[0]);
    await expect(canvas.getByRole("heading", { name: titles[0] })).toBeVisible();
    const picture = canvasElement.querySelector("img")!;
    await expect(picture).toHaveAttribute("fetchpriority", "high");

    await userEvent.click(canvas.getByRole("button", { name: "Next slide" }));
    await expect(shownTitle(canvasElement)).toBe(titles[1]);
    await userEvent.click(canvas.getByRole("button", { name: `Show slide 3: ${titles[2]}` }));
    await expect(shownTitle(canvasElement)).toBe(titles[2]);
    await expect(canvas.getByRole("button", { name: `Show slide 3: ${titles[2]}` })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await userEvent.click(canvas.getByRole("button", { name: "Previous slide" }));
    await expect(shownTitle(canvasElement)).toBe(titles[1]);
    await userEvent.click(canvas.getByRole("button", { name: "Next slide" }));
    await userEvent.click(canvas.getByRole("button", { name: "Next slide" }));
    // Past the last slide comes the first again.
    await expect(shownTitle(canvasElement)).toBe(titles[0]);
    await expect(canvas.getByRole("link", { name: `Shop now: ${titles[0]}` })).toHaveAttribute(
      "href",
      banners[0]!.link,
    );
  },
};

export const AutoplayPausesOnHoverAndFocus: Story = {
  args: { intervalMs: 300 },
  decorators: awayFromThePointer,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const slider = canvas.getByRole("region", { name: "Offers" });
    await waitFor(() => expect(shownTitle(canvasElement)).toBe(titles[1]), { timeout: 3000 });

    await userEvent.hover(slider);
    const hovered = shownTitle(canvasElement);
    await sleep(1000);
    await expect(shownTitle(canvasElement)).toBe(hovered);
    await userEvent.unhover(slider);
    await waitFor(() => expect(shownTitle(canvasElement)).not.toBe(hovered), { timeout: 3000 });

    canvas.getByRole("button", { name: "Next slide" }).focus();
    const focused = shownTitle(canvasElement);
    await sleep(1000);
    await expect(shownTitle(canvasElement)).toBe(focused);
    (document.activeElement as HTMLElement).blur();
    await waitFor(() => expect(shownTitle(canvasElement)).not.toBe(focused), { timeout: 3000 });
  },
};

export const PauseButton: Story = {
  args: { intervalMs: 300 },
  decorators: awayFromThePointer,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Pause slides" }));
    (document.activeElement as HTMLElement).blur();
    await userEvent.unhover(canvas.getByRole("region", { name: "Offers" }));
    const paused = shownTitle(canvasElement);
    await sleep(1000);
    await expect(shownTitle(canvasElement)).toBe(paused);
    await userEvent.click(canvas.getByRole("button", { name: "Play slides" }));
    (document.activeElement as HTMLElement).blur();
    await userEvent.unhover(canvas.getByRole("region", { name: "Offers" }));
    await waitFor(() => expect(shownTitle(canvasElement)).not.toBe(paused), { timeout: 3000 });
  },
};

export const Swipe: Story = {
  play: async ({ canvasElement }) => {
    const slides = canvasElement.querySelector('[aria-roledescription="slide"]')!.parentElement!
      .parentElement!;
    const touch = (type: string, clientX: number, clientY: number) => {
      const point = new Touch({ identifier: 1, target: slides, clientX, clientY });
      const ended = type === "touchend";
      slides.dispatchEvent(
        new TouchEvent(type, {
          bubbles: true,
          cancelable: true,
          touches: ended ? [] : [point],
          changedTouches: [point],
        }),
      );
    };
    const swipe = (fromX: number, toX: number) => {
      touch("touchstart", fromX, 100);
      touch("touchend", toX, 104);
    };
    swipe(300, 100);
    await waitFor(() => expect(shownTitle(canvasElement)).toBe(titles[1]));
    swipe(100, 300);
    await waitFor(() => expect(shownTitle(canvasElement)).toBe(titles[0]));
    // A short move is a tap, not a swipe.
    swipe(200, 185);
    await sleep(300);
    await expect(shownTitle(canvasElement)).toBe(titles[0]);
  },
};

export const ReducedMotion: Story = {
  args: { intervalMs: 300 },
  beforeEach: () => {
    const original = window.matchMedia;
    window.matchMedia = (query: string) => {
      if (!query.includes("prefers-reduced-motion")) return original.call(window, query);
      const noop = () => {};
      return {
        matches: true,
        media: query,
        onchange: null,
        addEventListener: noop,
        removeEventListener: noop,
        addListener: noop,
        removeListener: noop,
        dispatchEvent: () => false,
      } satisfies MediaQueryList;
    };
    return () => {
      window.matchMedia = original;
    };
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("button", { name: "Play slides" })).toBeVisible();
    await sleep(1000);
    await expect(shownTitle(canvasElement)).toBe(titles[0]);
  },
};

export const OneBanner: Story = {
  args: { banners: banners.slice(0, 1) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: titles[0] })).toBeVisible();
    await expect(canvas.queryByRole("button")).toBeNull();
  },
};

export const NoBanners: Story = {
  args: { banners: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("section, img")).toBeNull();
  },
};
