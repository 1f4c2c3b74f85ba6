/** Banner stories: the home hero (the page's LCP image), a banner lower down, and the words readable at a phone's width. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { sampleBanners } from "../stories/sample.ts";
import { HeroBanner } from "./hero-banner.tsx";

const [hero, , , middle] = sampleBanners();

const meta = {
  title: "Home/HeroBanner",
  component: HeroBanner,
  args: { banner: hero!, priority: true },
} satisfies Meta<typeof HeroBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const HomeHero: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 2, name: hero!.title })).toBeVisible();
    await expect(canvas.getByText(hero!.subtitle)).toBeVisible();
    await expect(canvas.getByRole("link", { name: `Shop now: ${hero!.title}` })).toHaveAttribute(
      "href",
      hero!.link,
    );
    // The words are text; the picture behind them is decoration.
    const picture = canvasElement.querySelector("img")!;
    await expect(picture).toHaveAttribute("alt", "");
    await expect(picture).toHaveAttribute("fetchpriority", "high");
    await expect(picture).toHaveAttribute("loading", "eager");
    await expect(picture).toHaveAttribute("width", "1600");
    await expect(picture).toHaveAttribute("height", "600");
  },
};

export const BelowTheFold: Story = {
  args: { banner: middle!, priority: false },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("img")).toHaveAttribute("loading", "lazy");
  },
};

/** At a phone's width (390 px less the page's margins) the words keep a readable size and the banner grows taller. */
export const OnAPhone: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 358 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const subtitle = within(canvasElement).getByText(hero!.subtitle);
    await expect(Number.parseFloat(getComputedStyle(subtitle).fontSize)).toBeGreaterThanOrEqual(16);
    const title = within(canvasElement).getByRole("heading", { name: hero!.title });
    await expect(Number.parseFloat(getComputedStyle(title).fontSize)).toBeGreaterThanOrEqual(24);
    const link = within(canvasElement).getByRole("link", { name: `Shop now: ${hero!.title}` });
    const box = canvasElement.querySelector("img")!.parentElement!.getBoundingClientRect();
    await expect(box.width).toBeLessThanOrEqual(358);
    await expect(link.getBoundingClientRect().bottom).toBeLessThanOrEqual(box.bottom);
  },
};

/** At a desk's width the banner keeps its picture's proportions. */
export const OnADesk: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 1200 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const box = canvasElement.querySelector("img")!.parentElement!.getBoundingClientRect();
    await expect(Math.round(box.height)).toBe(Math.round((box.width * 600) / 1600));
  },
};
