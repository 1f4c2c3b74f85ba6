/** Rating stories: whole and partial averages, no reviews yet, and the three sizes. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { RatingStars } from "./rating-stars.tsx";

const meta = {
  title: "Catalogue/RatingStars",
  component: RatingStars,
  args: { value: 4.5, count: 12 },
} satisfies Meta<typeof RatingStars>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FourAndAHalf: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("img", { name: "Rated 4.5 out of 5" })).toBeVisible();
    await expect(canvas.getByText("12 reviews")).toBeInTheDocument();
  },
};

export const Partial: Story = {
  args: { value: 3.75, count: 4 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("img", { name: "Rated 3.8 out of 5" })).toBeVisible();
  },
};

export const OneReview: Story = {
  args: { value: 5, count: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("1 review")).toBeInTheDocument();
  },
};

export const NoReviewsYet: Story = {
  args: { value: 0, count: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("img", { name: "Rated 0 out of 5" })).toBeVisible();
  },
};

export const WithoutCount: Story = { args: { count: undefined } };
export const Large: Story = { args: { size: "large" } };
