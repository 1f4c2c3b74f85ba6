/** Coupon card stories: a fixed amount and its minimum in pesos or dollars from the rule, a percent, copying. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { STORY_NOW, STORY_RATE } from "../stories/sample.ts";
import { CouponCard } from "./coupon-card.tsx";

const DAY = 24 * 60 * 60 * 1000;

const meta = {
  title: "Coupons/CouponCard",
  component: CouponCard,
  args: {
    coupon: {
      code: "BIG50",
      title: "Big savings on a big order",
      kind: "fixed",
      value: 50,
      minOrderAmount: 400,
      productType: null,
      endsAt: new Date(STORY_NOW + 45 * DAY).toISOString(),
    },
    money: { currency: "DOP", rate: STORY_RATE },
    onCopy: fn(async () => true),
  },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof CouponCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** In pesos, every amount is in pesos: none is left in dollars. */
export const InPesos: Story = {
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole("article");
    await expect(card).toHaveTextContent("RD$3,925.00 off");
    await expect(card).toHaveTextContent("On orders of RD$31,400.00 or more");
    await expect(card.textContent).not.toContain("US$");
  },
};

export const InDollars: Story = {
  args: { money: { currency: "USD", rate: STORY_RATE } },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole("article");
    await expect(card).toHaveTextContent("US$50.00 off");
    await expect(card).toHaveTextContent("On orders of US$400.00 or more");
    await expect(card.textContent).not.toContain("RD$");
  },
};

/** Amounts wait for the rate rather than show a wrong one. */
export const RateLoading: Story = {
  args: { money: null },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole("article");
    await expect(card).toHaveTextContent("… off");
    await expect(card.textContent).not.toMatch(/US\$|RD\$/);
  },
};

export const PercentOnAType: Story = {
  args: {
    coupon: {
      code: "BEAUTY15",
      title: "15% off beauty products",
      kind: "percent",
      value: 15,
      minOrderAmount: 0,
      productType: "beauty",
      endsAt: null,
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("15% off")).toBeVisible();
    await expect(canvas.getByText("On beauty products")).toBeVisible();
    await expect(canvas.queryByText(/On orders of/)).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "Copy code BEAUTY15" }));
    await expect(args.onCopy).toHaveBeenCalledWith("BEAUTY15");
    await expect(canvas.getByRole("button", { name: "Copied BEAUTY15" })).toHaveTextContent("Copied");
  },
};
