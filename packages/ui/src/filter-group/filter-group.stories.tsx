/** Filter stories: choosing and clearing with buttons, links that carry the filter in the URL, and no options. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { sampleCategories } from "../stories/sample.ts";
import { FilterGroup, type FilterGroupProps } from "./filter-group.tsx";

const categories = sampleCategories().map((c) => ({ value: c.slug, label: c.name, count: c.productCount }));

function Controlled(props: FilterGroupProps) {
  const [selected, setSelected] = useState(props.selected);
  return (
    <FilterGroup
      {...props}
      selected={selected}
      onSelect={(value) => {
        setSelected(value);
        props.onSelect?.(value);
      }}
    />
  );
}

const meta = {
  title: "Listing/FilterGroup",
  component: FilterGroup,
  args: { title: "Categories", options: categories, selected: null, onSelect: fn() },
  render: (args) => <Controlled {...args} />,
  decorators: [(Story) => <div style={{ maxWidth: 300 }}>{Story()}</div>],
} satisfies Meta<typeof FilterGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ChooseAndClear: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const [first] = categories;
    await expect(canvas.getByRole("region", { name: "Categories" })).toBeInTheDocument();
    const option = canvas.getByRole("button", { name: `${first!.label} ${first!.count} products` });
    await expect(option).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(option);
    await expect(option).toHaveAttribute("aria-pressed", "true");
    await expect(args.onSelect).toHaveBeenLastCalledWith(first!.value);

    await userEvent.click(canvas.getByRole("button", { name: "Clear Categories filter" }));
    await expect(option).toHaveAttribute("aria-pressed", "false");
    await expect(args.onSelect).toHaveBeenLastCalledWith(null);
    await expect(canvas.queryByRole("button", { name: /^Clear/ })).toBeNull();
  },
};

export const AsLinks: Story = {
  args: {
    selected: categories[1]!.value,
    getHref: (value) => (value === null ? "/shop" : `/shop?category=${encodeURIComponent(value)}`),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chosen = categories[1]!;
    const link = canvas.getByRole("link", { name: `${chosen.label} ${chosen.count} products` });
    await expect(link).toHaveAttribute("href", `/shop?category=${chosen.value}`);
    await expect(link).toHaveAttribute("aria-current", "true");
    await expect(canvas.getByRole("link", { name: "Clear Categories filter" })).toHaveAttribute(
      "href",
      "/shop",
    );
  },
};

export const Statuses: Story = {
  args: {
    title: "Availability",
    options: [
      { value: "in-stock", label: "In stock", count: 36 },
      { value: "on-sale", label: "On sale", count: 1 },
    ],
    selected: "on-sale",
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "On sale 1 product" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  },
};

export const NoOptions: Story = {
  args: { title: "Brands", options: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent("Nothing to choose from here.");
  },
};
