/** Section heading stories: with a subtitle and a link, a page title, and a long title. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { SectionHeading } from "./section-heading.tsx";

const meta = {
  title: "Layout/SectionHeading",
  component: SectionHeading,
  args: {
    title: "Featured products",
    subtitle: "Hand-picked this week",
    action: { label: "View all", href: "/shop?featured=true" },
  },
} satisfies Meta<typeof SectionHeading>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithAction: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 2, name: "Featured products" })).toBeVisible();
    const link = canvas.getByRole("link", { name: "View all" });
    await expect(link).toHaveAttribute("href", "/shop?featured=true");
    await expect(link).toHaveAccessibleDescription("Featured products");
  },
};

export const PageTitle: Story = {
  args: { component: "h1", title: "Shop", subtitle: undefined, action: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
  },
};

export const LongTitle: Story = {
  args: { title: "Everything you need for island days: linen, sandals, sunscreen and a good straw hat" },
};
