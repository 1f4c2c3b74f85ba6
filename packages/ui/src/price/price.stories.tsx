/** Price stories: full and discounted prices in pesos and dollars, at each size. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { STORY_RATE } from "../stories/sample.ts";
import { Price } from "./price.tsx";

const meta = {
  title: "Catalogue/Price",
  component: Price,
  args: { price: 249.99, discount: 0, currency: "DOP", rate: STORY_RATE, size: "medium" },
} satisfies Meta<typeof Price>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FullPriceDop: Story = {
  play: async ({ canvasElement }) => {
    // 249.99 USD at 78.5 DOP per USD, half up to the cent.
    await expect(canvasElement).toHaveTextContent("RD$19,624.22");
    await expect(canvasElement.querySelector("del")).toBeNull();
  },
};

export const FullPriceUsd: Story = {
  args: { currency: "USD" },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent("US$249.99");
  },
};

export const DiscountedDop: Story = {
  args: { discount: 15 },
  play: async ({ canvasElement }) => {
    // 24,999 cents less 15 % is 21,249.15 -> 21,249 cents; at 78.5 that is 1,668,046.5 -> RD$16,680.47.
    await expect(canvasElement).toHaveTextContent("Now RD$16,680.47");
    await expect(canvasElement.querySelector("del")).toHaveTextContent("was RD$19,624.22");
  },
};

export const DiscountedUsd: Story = {
  args: { discount: 15, currency: "USD" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("US$212.49", { exact: false })).toBeVisible();
    await expect(canvasElement.querySelector("del")).toHaveTextContent("US$249.99");
  },
};

export const Small: Story = { args: { size: "small", discount: 10 } };
export const Large: Story = { args: { size: "large", discount: 10 } };
