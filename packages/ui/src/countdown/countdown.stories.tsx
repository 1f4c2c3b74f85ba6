/** Countdown stories: days away, seconds away (ticking to the end, in real time), and already ended. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, waitFor, within } from "storybook/test";
import { STORY_NOW } from "../stories/sample.ts";
import { Countdown, type CountdownProps, OFFER_ENDED } from "./countdown.tsx";

/** A clock that starts at STORY_NOW when the story mounts and then moves on in whole real seconds. */
function RunningClock(props: CountdownProps) {
  const [now] = useState(() => {
    const mountedAt = Date.now();
    return () => STORY_NOW + Math.floor((Date.now() - mountedAt) / 1000) * 1000;
  });
  return <Countdown {...props} now={now} />;
}

const DAY = 24 * 60 * 60 * 1000;

const meta = {
  title: "Product/Countdown",
  component: Countdown,
  args: { endDate: new Date(STORY_NOW + 2 * DAY + 3 * 3_600_000 + 4 * 60_000 + 5_000).toISOString() },
  render: (args) => <RunningClock {...args} />,
} satisfies Meta<typeof Countdown>;
export default meta;
type Story = StoryObj<typeof meta>;

const figure = (root: HTMLElement, unit: string) => root.querySelector(`[data-unit="${unit}"] dd`);

export const DaysAway: Story = {
  play: async ({ canvasElement }) => {
    const timer = within(canvasElement).getByRole("timer", { name: "Offer ends in" });
    await expect(figure(timer, "days")).toHaveTextContent("02");
    await expect(figure(timer, "hours")).toHaveTextContent("03");
    await expect(figure(timer, "minutes")).toHaveTextContent("04");
    await expect(figure(timer, "seconds")).toHaveTextContent("05");
    await waitFor(() => expect(figure(timer, "seconds")).toHaveTextContent("04"), { timeout: 2500 });
  },
};

export const TicksToTheEnd: Story = {
  args: { endDate: STORY_NOW + 3_000 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const timer = canvas.getByRole("timer");
    await expect(figure(timer, "seconds")).toHaveTextContent("03");
    await waitFor(() => expect(figure(timer, "seconds")).toHaveTextContent("02"), { timeout: 2500 });
    await waitFor(() => expect(figure(timer, "seconds")).toHaveTextContent("01"), { timeout: 2500 });
    await waitFor(() => expect(canvas.getByRole("status")).toHaveTextContent(OFFER_ENDED), { timeout: 2500 });
    await expect(canvas.queryByRole("timer")).toBeNull();
  },
};

export const Ended: Story = {
  args: { endDate: new Date(STORY_NOW - DAY).toISOString() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent(OFFER_ENDED);
    await expect(canvas.queryByRole("timer")).toBeNull();
  },
};

export const NoEndDate: Story = {
  args: { endDate: "" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(OFFER_ENDED);
  },
};

export const CustomWords: Story = {
  args: { label: "Deal ends in", endedText: "Deal over" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("timer", { name: "Deal ends in" })).toBeVisible();
  },
};

/** In a card narrower than its four figures side by side (a phone's deal of the week), it wraps within the card. */
export const NarrowSpace: Story = {
  render: (args) => (
    <div style={{ width: 200 }} data-testid="card">
      <RunningClock {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByTestId("card");
    const right = card.getBoundingClientRect().right;
    for (const unit of ["days", "hours", "minutes", "seconds"]) {
      const box = card.querySelector(`[data-unit="${unit}"]`)!;
      await expect(box.getBoundingClientRect().right).toBeLessThanOrEqual(right);
    }
  },
};

/**
 * In a phone's deal card, beside the product's picture (about 206 px): the four units keep to one row, and no unit's
 * name is cut ("Seconds" wrapped onto a second row).
 */
export const InANarrowCard: Story = {
  decorators: [(Story) => <div style={{ width: 206 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const timer = within(canvasElement).getByRole("timer");
    const units = [...timer.querySelectorAll<HTMLElement>("[data-unit]")];
    await expect(units).toHaveLength(4);
    const tops = new Set(units.map((unit) => unit.getBoundingClientRect().top));
    await expect(tops.size).toBe(1);
    const right = timer.getBoundingClientRect().right;
    for (const unit of units) {
      await expect(unit.getBoundingClientRect().right).toBeLessThanOrEqual(right + 0.5);
      const name = unit.querySelector("dt")!;
      await expect(name.scrollWidth).toBeLessThanOrEqual(unit.clientWidth);
    }
  },
};
