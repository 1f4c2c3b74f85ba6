/** Loading stories: a card in each form, a page of cards, a product page, text, and a banner's picture. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import {
  PictureSkeleton,
  ProductCardSkeleton,
  ProductDetailsSkeleton,
  ProductGridSkeleton,
  SKELETON_CLASS,
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
    const shapes = status.querySelectorAll(`.${SKELETON_CLASS}`);
    await expect(shapes.length).toBeGreaterThanOrEqual(8 * 5);
    // Grey, pulsing, and hidden from screen readers: the status says what loads.
    await expect(getComputedStyle(shapes[0]!).backgroundColor).toMatch(/^rgba\(28, 27, 31, 0\.11\)$/);
    await expect(getComputedStyle(shapes[0]!).animationDuration).toBe("2s");
    await expect(shapes[0]!.closest("[aria-hidden='true']")).not.toBeNull();
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

export const Picture: Story = {
  render: () => (
    <div style={{ width: 800 }}>
      <PictureSkeleton ratio="1600 / 600" label="Loading offers" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading offers");
    const shape = canvasElement.querySelector(`.${SKELETON_CLASS}`)!;
    // As wide as its box, of the picture's proportions.
    await expect(shape.getBoundingClientRect().width).toBe(800);
    await expect(shape.getBoundingClientRect().height).toBe(300);
  },
};
