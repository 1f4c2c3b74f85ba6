/**
 * Search combobox stories: suggestions chosen with the arrow keys and Enter, Enter with none highlighted, Escape,
 * a click, the loading, empty and error states, too little typed, and prices in pesos and dollars.
 */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { STORY_RATE, sampleCategories, sampleProducts } from "../stories/sample.ts";
import { SearchCombobox, type SearchComboboxProps } from "./search-combobox.tsx";

const products = sampleProducts()
  .slice(0, 6)
  .map((p) => ({
    id: p.id,
    title: p.title,
    image: p.img,
    price: p.price,
    discount: p.discount,
    href: `/product-details/${p.id}`,
  }));
const categories = sampleCategories()
  .slice(0, 3)
  .map((c) => ({ id: c.id, name: c.name, href: `/shop?category=${c.slug}` }));

/** The text lives in the story, as it does in the app. */
function Controlled(props: SearchComboboxProps) {
  const [value, setValue] = useState(props.value);
  return (
    <SearchCombobox
      {...props}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        props.onValueChange(next);
      }}
    />
  );
}

const meta = {
  title: "Search/SearchCombobox",
  component: SearchCombobox,
  args: {
    value: "",
    products,
    categories,
    status: "ready",
    money: { currency: "DOP", rate: STORY_RATE },
    onValueChange: fn(),
    onSubmit: fn(),
    onOpen: fn(),
  },
  render: (args) => <Controlled {...args} />,
  decorators: [(Story) => <div style={{ maxWidth: 560, minHeight: 640 }}>{Story()}</div>],
} satisfies Meta<typeof SearchCombobox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ArrowKeysAndEnter: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole("combobox", { name: "Search products" });
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await userEvent.type(box, "he");
    await expect(box).toHaveAttribute("aria-expanded", "true");
    const listbox = canvas.getByRole("listbox");
    await expect(box).toHaveAttribute("aria-controls", listbox.id);
    const options = within(listbox).getAllByRole("option");
    await expect(options).toHaveLength(9);
    await expect(within(listbox).getByRole("group", { name: "Products" })).toBeVisible();
    await expect(within(listbox).getByRole("group", { name: "Categories" })).toBeVisible();
    // Thumbnail, title and price in pesos.
    await expect(options[0]).toHaveTextContent(products[0]!.title);
    await expect(options[0]).toHaveTextContent("RD$");
    await expect(options[0]!.querySelector("img")).toHaveAttribute("alt", "");
    await waitFor(() =>
      expect(canvas.getByRole("status")).toHaveTextContent(
        "6 products and 3 categories suggested, use the up and down arrows to choose",
      ),
    );
    // Nothing is highlighted until an arrow key: focus stays in the field throughout.
    await expect(box).not.toHaveAttribute("aria-activedescendant");
    await userEvent.keyboard("{ArrowDown}");
    await expect(box).toHaveAttribute("aria-activedescendant", options[0]!.id);
    await expect(options[0]).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{ArrowUp}");
    await expect(box).toHaveAttribute("aria-activedescendant", options[1]!.id);
    await expect(options[0]).toHaveAttribute("aria-selected", "false");
    await expect(box).toHaveFocus();
    // Up from the first wraps to the last (the last category).
    await userEvent.keyboard("{ArrowUp}{ArrowUp}");
    await expect(box).toHaveAttribute("aria-activedescendant", options[8]!.id);
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    await expect(box).toHaveAttribute("aria-activedescendant", options[1]!.id);
    await userEvent.keyboard("{Enter}");
    await expect(args.onOpen).toHaveBeenCalledWith(products[1]!.href);
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(box).toHaveAttribute("aria-expanded", "false");
  },
};

export const EnterWithoutHighlightSearches: Story = {
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole("combobox", { name: "Search products" });
    await userEvent.type(box, "  linen ");
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await userEvent.keyboard("{Enter}");
    await expect(args.onSubmit).toHaveBeenCalledWith("linen");
    await expect(args.onOpen).not.toHaveBeenCalled();
  },
};

export const EscapeClosesAndKeepsText: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole("combobox", { name: "Search products" });
    await userEvent.type(box, "ring");
    await userEvent.keyboard("{ArrowDown}");
    await userEvent.keyboard("{Escape}");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(box).not.toHaveAttribute("aria-activedescendant");
    await expect(canvas.queryByRole("listbox")).toBeNull();
    await expect(box).toHaveValue("ring");
    await expect(box).toHaveFocus();
    // An arrow key opens it again, on the first suggestion.
    await userEvent.keyboard("{ArrowDown}");
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", canvas.getAllByRole("option")[0]!.id);
  },
};

export const ClickChooses: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("combobox"), "ri");
    await userEvent.click(canvas.getByRole("option", { name: new RegExp(categories[2]!.name) }));
    await expect(args.onOpen).toHaveBeenCalledWith(categories[2]!.href);
  },
};

export const OneLetterAsksNothing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole("combobox");
    await userEvent.type(box, "h");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(canvas.queryByRole("listbox")).toBeNull();
    await userEvent.keyboard("{ArrowDown}");
    await expect(box).not.toHaveAttribute("aria-activedescendant");
  },
};

export const Loading: Story = {
  args: { status: "loading", products: [], categories: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole("combobox");
    await userEvent.type(box, "aud");
    await expect(canvas.getByText("Looking for suggestions…")).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "false");
  },
};

export const NoSuggestions: Story = {
  args: { products: [], categories: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole("combobox");
    await userEvent.type(box, "qqqq");
    await expect(
      canvas.getByText("No suggestions for “qqqq”. Press Enter to search all products."),
    ).toBeVisible();
    await waitFor(() => expect(canvas.getByRole("status")).toHaveTextContent("No suggestions"));
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await userEvent.keyboard("{Enter}");
    await expect(args.onSubmit).toHaveBeenCalledWith("qqqq");
  },
};

export const Failed: Story = {
  args: { status: "error", products: [], categories: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("combobox"), "bocina");
    await expect(canvas.getByText("Suggestions could not be loaded. Press Enter to search.")).toBeVisible();
    await waitFor(() =>
      expect(canvas.getByRole("status")).toHaveTextContent("Suggestions could not be loaded"),
    );
  },
};

export const PricesInDollars: Story = {
  args: { money: { currency: "USD", rate: STORY_RATE } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("combobox"), "he");
    const [first] = canvas.getAllByRole("option");
    await expect(first).toHaveTextContent("US$");
  },
};

export const LeavingTheFieldCloses: Story = {
  render: (args) => (
    <>
      <Controlled {...args} />
      <button type="button">Elsewhere</button>
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole("combobox");
    await userEvent.type(box, "he");
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Elsewhere" })).toHaveFocus();
    await expect(box).toHaveAttribute("aria-expanded", "false");
  },
};
