/** Colour stories: choosing by pointer and by arrow keys, one colour, and none chosen yet. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { sample } from "../stories/sample.ts";
import { ColourSwatches, type ColourSwatchesProps, uniqueColours } from "./colour-swatches.tsx";

function Controlled(props: ColourSwatchesProps) {
  const [value, setValue] = useState(props.value);
  return (
    <ColourSwatches
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const colours = uniqueColours(sample.discounted().imageURLs.map((image) => image.color));

const meta = {
  title: "Product/ColourSwatches",
  component: ColourSwatches,
  args: { colours, value: colours[0]?.clrCode ?? null, onChange: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof ColourSwatches>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Choosing: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const [first, second, third] = colours;
    if (!first || !second || !third) throw new Error("the story needs a product with three colours");
    const group = canvas.getByRole("group", { name: `Colour: ${first.name}` });
    const radios = within(group).getAllByRole("radio");
    await expect(radios).toHaveLength(colours.length);
    await expect(canvas.getByRole("radio", { name: first.name })).toBeChecked();

    await userEvent.click(canvas.getByText(second.name));
    await expect(canvas.getByRole("radio", { name: second.name })).toBeChecked();
    await expect(canvas.getByRole("radio", { name: first.name })).not.toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(second.clrCode);
    await expect(canvas.getByRole("group", { name: `Colour: ${second.name}` })).toBeInTheDocument();

    // The keyboard: arrows move the choice within the group.
    await userEvent.keyboard("{ArrowRight}");
    await expect(canvas.getByRole("radio", { name: third.name })).toBeChecked();
    await expect(canvas.getByRole("radio", { name: third.name })).toHaveFocus();
    await expect(args.onChange).toHaveBeenLastCalledWith(third.clrCode);
  },
};

export const NoneChosenYet: Story = {
  args: { value: null },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    for (const radio of canvas.getAllByRole("radio")) await expect(radio).not.toBeChecked();
    await userEvent.tab();
    await userEvent.keyboard(" ");
    await expect(canvas.getAllByRole("radio")[0]).toBeChecked();
    await expect(args.onChange).toHaveBeenCalledWith(colours[0]?.clrCode);
  },
};

export const OneColour: Story = { args: { colours: colours.slice(0, 1) } };

export const CustomLabel: Story = {
  args: { label: "Metal" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("group", { name: /^Metal/ })).toBeInTheDocument();
  },
};
