/** Pagination stories: buttons, links to each page's URL, the first and last pages, and one page only. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { ShopPagination, type ShopPaginationProps } from "./pagination.tsx";

function Controlled(props: ShopPaginationProps) {
  const [page, setPage] = useState(props.page);
  return (
    <ShopPagination
      {...props}
      page={page}
      onChange={(next) => {
        setPage(next);
        props.onChange?.(next);
      }}
    />
  );
}

const meta = {
  title: "Listing/ShopPagination",
  component: ShopPagination,
  args: { page: 1, pageCount: 8, onChange: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof ShopPagination>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Buttons: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole("navigation", { name: "Pages" });
    await expect(within(nav).getByRole("button", { name: "Page 1, current page" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(within(nav).getByRole("button", { name: "Go to previous page" })).toBeDisabled();
    await userEvent.click(within(nav).getByRole("button", { name: "Go to page 2" }));
    await expect(args.onChange).toHaveBeenLastCalledWith(2);
    await expect(within(nav).getByRole("button", { name: "Page 2, current page" })).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole("button", { name: "Go to next page" }));
    await expect(args.onChange).toHaveBeenLastCalledWith(3);
  },
};

export const Links: Story = {
  args: { page: 4, getHref: (page) => `/shop?page=${page}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("link", { name: "Go to page 5" })).toHaveAttribute("href", "/shop?page=5");
    await expect(canvas.getByRole("link", { name: "Go to previous page" })).toHaveAttribute(
      "href",
      "/shop?page=3",
    );
    await expect(canvas.getByRole("link", { name: "Page 4, current page" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  },
};

export const LastPage: Story = {
  args: { page: 8 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Go to next page" })).toBeDisabled();
  },
};

export const OnePage: Story = {
  args: { pageCount: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("navigation")).toBeNull();
  },
};
