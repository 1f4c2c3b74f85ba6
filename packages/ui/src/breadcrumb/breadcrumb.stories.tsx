/** Breadcrumb stories: a product page two levels down, a long title, and a top-level page. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { sample } from "../stories/sample.ts";
import { Breadcrumb } from "./breadcrumb.tsx";

const meta = {
  title: "Layout/Breadcrumb",
  component: Breadcrumb,
  args: {
    items: [
      { label: "Home", href: "/" },
      { label: "Shop", href: "/shop" },
      { label: sample.discounted().parent, href: "/shop?category=headphones-audio" },
      { label: sample.discounted().title },
    ],
  },
} satisfies Meta<typeof Breadcrumb>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ProductPage: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole("navigation", { name: "Breadcrumb" });
    await expect(within(nav).getAllByRole("link")).toHaveLength(3);
    await expect(within(nav).getByRole("link", { name: "Shop" })).toHaveAttribute("href", "/shop");
    await expect(within(nav).getByText(sample.discounted().title)).toHaveAttribute("aria-current", "page");
  },
};

export const LongTitle: Story = {
  args: {
    items: [
      { label: "Home", href: "/" },
      { label: "Shop", href: "/shop" },
      { label: sample.longTitle().title },
    ],
  },
  play: async ({ canvasElement }) => {
    const current = within(canvasElement).getByText(sample.longTitle().title);
    // Cut with an ellipsis, never wrapping the trail onto several lines; the whole title stays in the DOM.
    await expect(current.scrollWidth).toBeGreaterThan(current.clientWidth);
  },
};

export const TopLevel: Story = {
  args: { items: [{ label: "Home", href: "/" }, { label: "About" }] },
};
