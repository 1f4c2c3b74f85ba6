/** Variant grid stories: editing option values and swatches, generating, editing rows, bulk actions on selected rows. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { type GridOption, type GridVariant, VariantGrid, type VariantGridProps } from "./variant-grid.tsx";

const options: GridOption[] = [
  {
    name: "Color",
    values: [
      { value: "Coral", clrCode: "#ff7f50" },
      { value: "Navy", clrCode: "#1f2a44" },
    ],
  },
  { name: "Size", values: [{ value: "41" }, { value: "42" }] },
];
const variants: GridVariant[] = [
  { id: "v1", sku: "TEMPO-CORAL-41", options: { Color: "Coral", Size: "41" }, price: null, quantity: 0 },
  { id: "v2", sku: "TEMPO-CORAL-42", options: { Color: "Coral", Size: "42" }, price: 94.5, quantity: 10 },
  { id: "v3", sku: "TEMPO-NAVY-41", options: { Color: "Navy", Size: "41" }, price: null, quantity: 2 },
];

/** The grid as the back office holds it: options and rows in state, saving left to the page. */
function Held(props: VariantGridProps) {
  const [opts, setOpts] = useState(props.options);
  const [rows, setRows] = useState(props.variants);
  return (
    <VariantGrid
      {...props}
      options={opts}
      variants={rows}
      onOptionsChange={(next) => {
        setOpts(next);
        props.onOptionsChange(next);
      }}
      onVariantsChange={(next) => {
        setRows(next);
        props.onVariantsChange(next);
      }}
    />
  );
}

const meta = {
  title: "BackOffice/VariantGrid",
  component: VariantGrid,
  args: {
    options,
    variants,
    productPrice: 89.99,
    onOptionsChange: fn(),
    onVariantsChange: fn(),
    onGenerate: fn(),
    onBulk: fn(),
  },
  render: (args) => <Held {...args} />,
} satisfies Meta<typeof VariantGrid>;
export default meta;
type Story = StoryObj<typeof meta>;

export const EditingRows: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const grid = canvas.getByRole("table", { name: "Variants" });
    await expect(within(grid).getAllByRole("row")).toHaveLength(4);
    const stock = canvas.getByRole("spinbutton", { name: "Stock Coral / 41" });
    await userEvent.clear(stock);
    await userEvent.type(stock, "7");
    await expect(args.onVariantsChange).toHaveBeenLastCalledWith(
      expect.arrayContaining([expect.objectContaining({ id: "v1", quantity: 7 })]),
    );
    // A row without its own price follows the product's and says so; typing one gives it its own.
    await expect(canvas.getByRole("spinbutton", { name: "Price (USD) Navy / 41" })).toHaveValue(null);
    await expect(canvas.getAllByText("The product's: 89.99")).toHaveLength(2);
    await userEvent.type(canvas.getByRole("spinbutton", { name: "Price (USD) Navy / 41" }), "79.5");
    await expect(args.onVariantsChange).toHaveBeenLastCalledWith(
      expect.arrayContaining([expect.objectContaining({ id: "v3", price: 79.5 })]),
    );
    const sku = canvas.getByRole("textbox", { name: "SKU Coral / 42" });
    await userEvent.type(sku, "-B");
    await expect(sku).toHaveValue("TEMPO-CORAL-42-B");
  },
};

export const BulkActions: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("form")).toBeNull();
    await userEvent.click(canvas.getByRole("checkbox", { name: "Select Coral / 41" }));
    await userEvent.click(canvas.getByRole("checkbox", { name: "Select Navy / 41" }));
    const bar = canvas.getByRole("form", { name: "2 selected" });
    // Add stock to the two rows selected.
    await userEvent.click(within(bar).getByRole("combobox", { name: "Apply" }));
    await userEvent.click(within(document.body).getByRole("option", { name: "Add stock" }));
    await userEvent.type(within(bar).getByRole("spinbutton", { name: "Amount" }), "5");
    await userEvent.click(within(bar).getByRole("button", { name: "Apply" }));
    await expect(args.onBulk).toHaveBeenLastCalledWith({ action: "add-stock", quantity: 5 }, ["v1", "v3"]);
    // Every row, then a price for them all.
    await userEvent.click(canvas.getByRole("checkbox", { name: "Select every variant" }));
    const all = canvas.getByRole("form", { name: "3 selected" });
    await userEvent.click(within(all).getByRole("combobox", { name: "Apply" }));
    await userEvent.click(within(document.body).getByRole("option", { name: "Set price" }));
    await userEvent.type(within(all).getByRole("spinbutton", { name: "Amount" }), "99.9");
    await userEvent.click(within(all).getByRole("button", { name: "Apply" }));
    await expect(args.onBulk).toHaveBeenLastCalledWith({ action: "set-price", price: 99.9 }, [
      "v1",
      "v2",
      "v3",
    ]);
  },
};

export const StockMustBeWhole: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("checkbox", { name: "Select Coral / 42" }));
    const bar = canvas.getByRole("form", { name: "1 selected" });
    await userEvent.type(within(bar).getByRole("spinbutton", { name: "Amount" }), "2.5");
    await expect(within(bar).getByRole("button", { name: "Apply" })).toBeDisabled();
    await expect(args.onBulk).not.toHaveBeenCalled();
  },
};

export const OptionValuesAndGenerate: Story = {
  args: { variants: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/No variants yet/)).toBeInTheDocument();
    // A new size, and a new colour that gets a swatch of its own.
    await userEvent.type(canvas.getByRole("textbox", { name: "Add a value (Size)" }), "43{Enter}");
    await expect(within(canvas.getByRole("list", { name: "Size" })).getByText("43")).toBeInTheDocument();
    await userEvent.type(canvas.getByRole("textbox", { name: "Add a value (Color)" }), "White{Enter}");
    await expect(canvas.getByLabelText("Swatch of White")).toHaveValue("#888888");
    await userEvent.click(canvas.getByRole("button", { name: "Remove Navy" }));
    await expect(args.onOptionsChange).toHaveBeenLastCalledWith([
      {
        name: "Color",
        values: [
          { value: "Coral", clrCode: "#ff7f50" },
          { value: "White", clrCode: "#888888" },
        ],
      },
      { name: "Size", values: [{ value: "41" }, { value: "42" }, { value: "43", clrCode: null }] },
    ]);
    await userEvent.click(canvas.getByRole("button", { name: "Generate every combination" }));
    await expect(args.onGenerate).toHaveBeenCalledOnce();
  },
};

export const ANewColourOption: Story = {
  args: { options: [], variants: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // A product that had no options: a colour named in any of the data's words gets a swatch from its first value.
    await userEvent.click(canvas.getByRole("button", { name: "Add an option" }));
    await userEvent.type(canvas.getByRole("textbox", { name: "Option name" }), "Colour");
    await userEvent.type(canvas.getByRole("textbox", { name: "Add a value (Colour)" }), "Sage{Enter}");
    await expect(canvas.getByLabelText("Swatch of Sage")).toHaveValue("#888888");
    await userEvent.click(canvas.getByRole("button", { name: "Add an option" }));
    await userEvent.type(canvas.getAllByRole("textbox", { name: "Option name" })[1]!, "Size");
    await userEvent.type(canvas.getByRole("textbox", { name: "Add a value (Size)" }), "M{Enter}");
    await expect(args.onOptionsChange).toHaveBeenLastCalledWith([
      { name: "Colour", values: [{ value: "Sage", clrCode: "#888888" }] },
      { name: "Size", values: [{ value: "M", clrCode: null }] },
    ]);
  },
};

export const LinkedFromAnOrder: Story = {
  args: { highlight: "v2" },
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole("textbox", { name: "SKU Coral / 42" }).closest("tr");
    await expect(row).toHaveAttribute("aria-current", "true");
  },
};
