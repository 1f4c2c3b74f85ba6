/**
 * Coupon card stories: a fixed amount and its minimum in pesos or dollars from the rule, a percent, copying, and the
 * coupon's state (active, scheduled, expired, used up) by @shop/domain/coupons at the story's clock.
 */
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
      startsAt: null,
      endsAt: new Date(STORY_NOW + 45 * DAY).toISOString(),
      active: true,
      usageLimit: null,
      timesUsed: 0,
    },
    money: { currency: "DOP", rate: STORY_RATE },
    onCopy: fn(async () => true),
    now: () => STORY_NOW,
  },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof CouponCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** In pesos, every amount is in pesos: none is left in dollars. */
export const InPesos: Story = {
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole("article");
    await expect(card).toHaveTextContent(/^Active/);
    await expect(within(card).getByRole("timer", { name: "Ends in" })).toBeVisible();
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
      startsAt: null,
      endsAt: null,
      active: true,
      usageLimit: null,
      timesUsed: 0,
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

/** Not started yet: said so, with the time until it starts; the code can be copied for later. */
export const Scheduled: Story = {
  args: {
    coupon: {
      ...meta.args.coupon,
      code: "NAVIDAD20",
      startsAt: new Date(STORY_NOW + 20 * DAY).toISOString(),
      endsAt: new Date(STORY_NOW + 50 * DAY).toISOString(),
    },
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole("article");
    await expect(card).toHaveTextContent(/^Coming soon/);
    await expect(within(card).getByRole("timer", { name: "Starts in" })).toHaveTextContent(/Days\s*20/);
    await expect(within(card).queryByRole("timer", { name: "Ends in" })).toBeNull();
    await expect(within(card).getByRole("button", { name: "Copy code NAVIDAD20" })).toBeVisible();
  },
};

/** Past its end (SUMMER25 ended a month ago): expired, never "Active", nothing to copy. */
export const Expired: Story = {
  args: {
    coupon: {
      ...meta.args.coupon,
      code: "SUMMER25",
      startsAt: new Date(STORY_NOW - 120 * DAY).toISOString(),
      endsAt: new Date(STORY_NOW - 30 * DAY).toISOString(),
    },
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole("article");
    await expect(card).toHaveTextContent(/^Expired/);
    await expect(card).toHaveTextContent("This coupon has ended");
    await expect(card.textContent).not.toContain("Active");
    await expect(within(card).queryByRole("button")).toBeNull();
  },
};

/** Every use taken. */
export const UsedUp: Story = {
  args: { coupon: { ...meta.args.coupon, code: "FIRST3", endsAt: null, usageLimit: 3, timesUsed: 3 } },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole("article");
    await expect(card).toHaveTextContent(/^Used up/);
    await expect(card).toHaveTextContent("This coupon has been used up");
    await expect(within(card).queryByRole("button")).toBeNull();
  },
};
