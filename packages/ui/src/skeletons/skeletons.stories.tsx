/** Loading stories: a card in each form, a page of cards, a product page, and text. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import {
  ProductCardSkeleton,
  ProductDetailsSkeleton,
  ProductGridSkeleton,
  TextSkeleton,
} from "./skeletons.tsx";

const meta = {
  title: "Feedback/Skeletons",
  component: ProductGridSkeleton,
} satisfies Meta<typeof ProductGridSkeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LoadingGrid: Story = {
  args: { count: 8 },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole("status");
    await expect(status).toHaveTextContent("Loading products");
    await expect(status).toHaveAttribute("aria-busy", "true");
    await expect(status.querySelectorAll(".MuiSkeleton-root").length).toBeGreaterThanOrEqual(8 * 5);
  },
};

export const LoadingList: Story = { args: { layout: "list", count: 3 } };

export const OneCard: Story = {
  render: () => (
    <div style={{ maxWidth: 260 }}>
      <ProductCardSkeleton />
    </div>
  ),
};

export const ProductPage: Story = {
  render: () => <ProductDetailsSkeleton />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading product");
  },
};

export const Text: Story = {
  render: () => <TextSkeleton lines={4} label="Loading the post" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading the post");
  },
};
