/** Price slider stories: moved with the keyboard, shown in pesos and in dollars. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { STORY_RATE } from "../stories/sample.ts";
import { PriceRangeSlider, type PriceRangeSliderProps } from "./price-range-slider.tsx";

function Controlled(props: PriceRangeSliderProps) {
  const [value, setValue] = useState(props.value);
  return (
    <PriceRangeSlider
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: "Listing/PriceRangeSlider",
  component: PriceRangeSlider,
  args: {
    max: 1299.99,
    value: [0, 1300],
    currency: "USD",
    rate: STORY_RATE,
    onChange: fn(),
    onCommit: fn(),
  },
  render: (args) => <Controlled {...args} />,
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
} satisfies Meta<typeof PriceRangeSlider>;
export default meta;
type Story = StoryObj<typeof meta>;

export const KeyboardMovesThumbs: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole("group", { name: "Price" });
    const low = within(group).getByRole("slider", { name: "Minimum price" });
    const high = within(group).getByRole("slider", { name: "Maximum price" });
    await expect(low).toHaveAttribute("aria-valuemin", "0");
    await expect(high).toHaveAttribute("aria-valuemax", "1300");
    await expect(high).toHaveAttribute("aria-valuetext", "US$1,300.00");

    low.focus();
    await userEvent.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}");
    await expect(low).toHaveValue("3");
    await expect(low).toHaveAttribute("aria-valuetext", "US$3.00");
    await expect(args.onChange).toHaveBeenLastCalledWith([3, 1300]);
    await expect(args.onCommit).toHaveBeenLastCalledWith([3, 1300]);

    high.focus();
    await userEvent.keyboard("{PageDown}");
    await expect(args.onCommit).toHaveBeenLastCalledWith([3, 1290]);
    await userEvent.keyboard("{Home}");
    // The thumbs never cross: the maximum stops at the minimum.
    await expect(args.onCommit).toHaveBeenLastCalledWith([3, 3]);
    await expect(canvas.getByText("US$3.00 – US$3.00")).toBeVisible();
  },
};

export const Pesos: Story = {
  args: { currency: "DOP", value: [100, 500] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("RD$7,850.00 – RD$39,250.00")).toBeVisible();
    await expect(canvas.getByRole("slider", { name: "Maximum price" })).toHaveAttribute(
      "aria-valuetext",
      "RD$39,250.00",
    );
  },
};

export const NarrowRange: Story = { args: { max: 19.5, value: [0, 20] } };
