/** Variant picker stories: sizes marked for the colour chosen, a sold-out value chosen, the keyboard, a missing size. */

import {
  getProductOptions,
  type ProductOption,
  type Selection,
  selectedVariant,
  type Variant,
} from "@shop/domain/variants";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { VariantPicker } from "./variant-picker.tsx";

const options: ProductOption[] = [
  {
    name: "Color",
    values: [
      { value: "Coral", clrCode: "#ff7f50" },
      { value: "Navy", clrCode: "#1f2a44" },
      { value: "White", clrCode: "#ffffff" },
    ],
  },
  { name: "Size", values: ["38", "39", "40", "41", "42", "43"].map((value) => ({ value })) },
];

// Coral lacks 38 and 43 in stock; Navy has only 43; White is sold out in every size.
const stock: Record<string, Record<string, number>> = {
  Coral: { "38": 0, "39": 2, "40": 5, "41": 5, "42": 10, "43": 0 },
  Navy: { "38": 0, "39": 0, "40": 0, "41": 0, "42": 0, "43": 3 },
  White: { "38": 0, "39": 0, "40": 0, "41": 0, "42": 0, "43": 0 },
};
const variants: Variant[] = Object.entries(stock).flatMap(([color, sizes]) =>
  Object.entries(sizes).map(([size, quantity]) => ({
    id: `${color}-${size}`,
    sku: `TEMPO-${color.toUpperCase()}-${size}`,
    options: { Color: color, Size: size },
    price: 89.99,
    discount: 0,
    quantity,
    status: quantity > 0 ? ("in-stock" as const) : ("out-of-stock" as const),
    img: null,
  })),
);

/** The picker as a page holds it: the choice in state, each value's state worked out by the domain's rule. */
function Picker({
  initial,
  onChange,
  missing,
  dense,
}: {
  initial: Selection;
  onChange: (name: string, value: string) => void;
  missing?: string;
  dense?: boolean;
}) {
  const [selection, setSelection] = useState<Selection>(initial);
  const variant = selectedVariant(options, variants, selection);
  return (
    <>
      <VariantPicker
        options={getProductOptions(options, variants, selection)}
        onChange={(name, value) => {
          setSelection((s) => ({ ...s, [name]: value }));
          onChange(name, value);
        }}
        missing={missing && selection.Size === undefined ? { name: "Size", message: missing } : null}
        dense={dense}
      />
      <p data-testid="sku">{variant ? variant.sku : "none"}</p>
    </>
  );
}

const meta = {
  title: "Product/VariantPicker",
  component: Picker,
  args: { initial: { Color: "Coral" }, onChange: fn() },
} satisfies Meta<typeof Picker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SizesForTheColourChosen: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const sizes = canvas.getByRole("group", { name: "Size" });
    await expect(within(sizes).getAllByRole("radio")).toHaveLength(6);
    // For Coral: 38 and 43 are sold out, the others can be bought; nothing is chosen yet.
    await expect(canvas.getByRole("radio", { name: "38, sold out" })).not.toBeChecked();
    await expect(canvas.getByRole("radio", { name: "43, sold out" })).toBeInTheDocument();
    await expect(canvas.getByRole("radio", { name: "42" })).toBeInTheDocument();
    await expect(canvas.getByTestId("sku")).toHaveTextContent("none");

    await userEvent.click(canvas.getByText("42"));
    await expect(canvas.getByRole("radio", { name: "42" })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith("Size", "42");
    await expect(canvas.getByRole("group", { name: "Size: 42" })).toBeInTheDocument();
    await expect(canvas.getByTestId("sku")).toHaveTextContent("TEMPO-CORAL-42");

    // With 42 chosen, the colours say which have a 42 left: Navy and White do not.
    await expect(canvas.getByRole("radio", { name: "Coral" })).toBeChecked();
    await expect(canvas.getByRole("radio", { name: "Navy, sold out" })).toBeInTheDocument();
    await expect(canvas.getByRole("radio", { name: "White, sold out" })).toBeInTheDocument();
  },
};

export const ChoosingASoldOutVariant: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: "38, sold out" }));
    await expect(canvas.getByRole("radio", { name: "38, sold out" })).toBeChecked();
    await expect(canvas.getByRole("group", { name: /^Size: 38\s*\(sold out\)$/ })).toBeInTheDocument();
    await expect(args.onChange).toHaveBeenLastCalledWith("Size", "38");
    await expect(canvas.getByTestId("sku")).toHaveTextContent("TEMPO-CORAL-38");
  },
};

export const Keyboard: Story = {
  args: { initial: { Color: "Coral", Size: "40" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    canvas.getByRole("radio", { name: "40" }).focus();
    await userEvent.keyboard("{ArrowRight}");
    await expect(canvas.getByRole("radio", { name: "41" })).toBeChecked();
    await expect(canvas.getByRole("radio", { name: "41" })).toHaveFocus();
    await expect(args.onChange).toHaveBeenLastCalledWith("Size", "41");
    // The colours are a group of their own: Tab leaves the sizes, arrows change colour.
    await userEvent.tab({ shift: true });
    await expect(canvas.getByRole("radio", { name: "Coral" })).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    await expect(canvas.getByRole("radio", { name: "Navy, sold out" })).toBeChecked();
    await expect(canvas.getByRole("radio", { name: "43" })).toBeInTheDocument();
  },
};

export const AskedForASize: Story = {
  args: { missing: "Choose a size" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sizes = canvas.getByRole("group", { name: "Size" });
    await expect(sizes).toHaveAttribute("aria-invalid", "true");
    await expect(sizes).toHaveAccessibleDescription("Choose a size");
    await userEvent.click(canvas.getByText("40"));
    await expect(canvas.queryByText("Choose a size")).toBeNull();
  },
};

export const Dense: Story = { args: { dense: true, initial: {} } };
