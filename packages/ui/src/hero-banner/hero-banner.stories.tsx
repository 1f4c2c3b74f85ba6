/** Banner stories: the home hero (the page's LCP image), a banner lower down, and words drawn over a picture. */
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
    const link = within(canvasElement).getByRole("link", { name: `${hero!.title}: ${hero!.subtitle}` });
    await expect(link).toHaveAttribute("href", hero!.link);
    const picture = within(link).getByRole("img");
    await expect(picture).toHaveAttribute("fetchpriority", "high");
    await expect(picture).toHaveAttribute("loading", "eager");
    await expect(picture).toHaveAttribute("width", "1600");
    await expect(picture).toHaveAttribute("height", "600");
  },
};

export const BelowTheFold: Story = {
  args: { banner: middle!, priority: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("img")).toHaveAttribute("loading", "lazy");
  },
};

export const WordsOverPicture: Story = {
  args: {
    overlay: true,
    banner: { ...middle!, title: "Gold for every day", subtitle: "Vermeil hoops and pearls from US$39" },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Gold for every day" })).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Shop now" })).toHaveAttribute("href", middle!.link);
  },
};
