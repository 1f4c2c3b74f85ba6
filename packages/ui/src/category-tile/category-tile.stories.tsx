/** Category tile stories: with its picture, without one, and an empty category. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { sampleCategories } from "../stories/sample.ts";
import { CategoryTile } from "./category-tile.tsx";

const category = sampleCategories()[0]!;

const meta = {
  title: "Home/CategoryTile",
  component: CategoryTile,
  args: { category, href: `/shop?category=${category.slug}` },
  decorators: [(Story) => <div style={{ maxWidth: 220 }}>{Story()}</div>],
} satisfies Meta<typeof CategoryTile>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithPicture: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link", {
      name: `${category.name} ${category.productCount} products`,
    });
    await expect(link).toHaveAttribute("href", `/shop?category=${category.slug}`);
    const picture = link.querySelector("img");
    await expect(picture).toHaveAttribute("alt", "");
    await expect(picture).toHaveAttribute("loading", "lazy");
  },
};

export const NoPicture: Story = { args: { category: { ...category, img: null } } };

export const EmptyCategory: Story = {
  args: { category: { ...category, name: "Gift Cards", productCount: 0 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link")).toHaveTextContent("0 products");
  },
};
