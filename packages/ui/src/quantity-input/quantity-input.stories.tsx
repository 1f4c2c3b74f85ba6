/** Quantity stories: the buttons, the keyboard and typing can never take the quantity below 1 or above the stock. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { QuantityInput, type QuantityInputProps } from "./quantity-input.tsx";

function Controlled(props: QuantityInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <QuantityInput
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
  title: "Product/QuantityInput",
  component: QuantityInput,
  args: { value: 1, onChange: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof QuantityInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NeverBelowOne: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole("spinbutton", { name: "Quantity" });
    const decrease = canvas.getByRole("button", { name: "Decrease quantity" });
    const increase = canvas.getByRole("button", { name: "Increase quantity" });

    await expect(field).toHaveValue("1");
    await expect(decrease).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(decrease);
    await expect(field).toHaveValue("1");
    await expect(args.onChange).not.toHaveBeenCalled();

    await userEvent.click(increase);
    await userEvent.click(increase);
    await expect(field).toHaveValue("3");
    await expect(args.onChange).toHaveBeenLastCalledWith(3);

    // Keyboard: arrows step, and stop at 1.
    field.focus();
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}");
    await expect(field).toHaveValue("1");
    await expect(field).toHaveAttribute("aria-valuenow", "1");
    await expect(args.onChange).toHaveBeenLastCalledWith(1);

    // Typing 0 or a negative number never reaches the cart; the field shows 1 again when left.
    await userEvent.clear(field);
    await userEvent.type(field, "0");
    await userEvent.tab();
    await expect(field).toHaveValue("1");
    await userEvent.clear(field);
    await userEvent.type(field, "-4");
    await userEvent.tab();
    await expect(field).toHaveValue("1");
    await expect(args.onChange).not.toHaveBeenCalledWith(0);
    await expect(args.onChange).not.toHaveBeenCalledWith(-4);

    await userEvent.clear(field);
    await userEvent.type(field, "7");
    await expect(args.onChange).toHaveBeenLastCalledWith(7);
  },
};

export const StockLimit: Story = {
  args: { value: 2, max: 3, onAboveMax: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole("spinbutton", { name: "Quantity" });
    const increase = canvas.getByRole("button", { name: "Increase quantity" });
    await userEvent.click(increase);
    await userEvent.click(increase);
    await expect(field).toHaveValue("3");
    await expect(increase).toHaveAttribute("aria-disabled", "true");
    await expect(args.onChange).toHaveBeenCalledTimes(1);
    // Plus at the limit says so, and changes nothing.
    await expect(args.onAboveMax).toHaveBeenCalledTimes(1);
    await expect(args.onAboveMax).toHaveBeenLastCalledWith(3);
    // Typing more than the stock is said too, never lowered in silence.
    await userEvent.clear(field);
    await userEvent.type(field, "99");
    await expect(args.onAboveMax).toHaveBeenCalledTimes(3);
    await expect(args.onAboveMax).toHaveBeenLastCalledWith(3);
    await userEvent.tab();
    await expect(field).toHaveValue("3");
    await expect(args.onChange).toHaveBeenCalledTimes(1);
  },
};

export const CustomLabel: Story = {
  args: { value: 4, label: "Quantity of Aurora ANC Wireless Headphones" },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByRole("spinbutton", {
      name: "Quantity of Aurora ANC Wireless Headphones",
    });
    await expect(field).toHaveValue("4");
  },
};
