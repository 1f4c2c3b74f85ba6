/** Stock hint stories: a few left, the last ones chosen, plenty (nothing said), and a single one. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { StockHint } from "./stock-hint.tsx";

const meta = {
  title: "Product/StockHint",
  component: StockHint,
  args: { stock: 2, chosen: 1 },
} satisfies Meta<typeof StockHint>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FewLeft: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Only 2 left");
  },
};

/** The quantity has reached the stock: the plus button stops, and this says why. */
export const AllChosen: Story = {
  args: { stock: 2, chosen: 2 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      "You have chosen all 2 we have",
    );
  },
};

/** Plenty in stock, and not all of it chosen: nothing to say. */
export const Plenty: Story = {
  args: { stock: 34, chosen: 3 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toBeEmptyDOMElement();
  },
};

/** All of a large stock chosen still says so. */
export const AllOfPlenty: Story = {
  args: { stock: 34, chosen: 34 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      "You have chosen all 34 we have",
    );
  },
};

export const TheLastOne: Story = {
  args: { stock: 1, chosen: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("You have chosen the last one");
  },
};

export const OneLeft: Story = {
  args: { stock: 1, chosen: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Only 1 left");
  },
};
