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

export const ColoursAndSizes: Story = {
  args: {
    title: "Colour",
    options: [
      { value: "coral", label: "Coral", count: 4, swatch: "#ff7f50" },
      { value: "navy-blue", label: "Navy Blue", count: 2, swatch: "#1f2a44" },
      { value: "white", label: "White", count: 1, swatch: "#ffffff" },
    ],
    selected: null,
    getHref: (value) => (value === null ? "/shop" : `/shop?color=${value}`),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const link = canvas.getByRole("link", { name: "Navy Blue 2 products" });
    await expect(link).toHaveAttribute("href", "/shop?color=navy-blue");
    // The swatch is drawn in the colour and hidden from screen readers, which read the name.
    const swatch = link.querySelector(".swatch");
    await expect(swatch).toHaveAttribute("aria-hidden", "true");
    await expect(getComputedStyle(swatch!).backgroundColor).toBe("rgb(31, 42, 68)");
  },
};

export const NoOptions: Story = {
  args: { title: "Brands", options: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent("Nothing to choose from here.");
  },
};

const colours = Array.from({ length: 20 }, (_, i) => ({
  value: `colour-${i}`,
  label: `Colour ${String(i).padStart(2, "0")}`,
  count: i % 5 === 0 ? 30 - i : i + 1,
}));

export const FoldedUntilAsked: Story = {
  args: { title: "Colour", options: colours, shown: 6, selected: "colour-1" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole("region", { name: "Colour" });
    const shownLabels = () =>
      within(group)
        .getAllByRole("listitem")
        .map((item) => item.textContent);
    // The six with the most products (30, 25, 20, 20, 19, 18: ties by their order), in the options' order, and
    // the chosen one (2 products).
    const folded = [0, 1, 5, 10, 17, 18, 19].map((i) => colours[i]!);
    await expect(shownLabels()).toEqual(
      folded.map((c) => `${c.label}${c.count}${c.count === 1 ? " product" : " products"}`),
    );
    const more = canvas.getByRole("button", { name: "Show all 20 Colour options" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(more);
    await expect(shownLabels()).toHaveLength(20);
    await expect(more).toHaveAttribute("aria-expanded", "true");
    await expect(more).toHaveAccessibleName("Show fewer Colour options");
    await expect(more).toHaveFocus();
    await userEvent.click(more);
    await expect(shownLabels()).toHaveLength(7);
  },
};

export const FewOptionsNeverFold: Story = {
  args: { title: "Colour", options: colours.slice(0, 7), shown: 6 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole("listitem")).toHaveLength(7);
    await expect(canvas.queryByRole("button", { name: /^Show all/ })).toBeNull();
  },
};
