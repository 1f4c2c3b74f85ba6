/** Quick view stories: the frame opened from a product card's button, closed by Esc and by its button. */
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { Price } from "../price/price.tsx";
import { ProductGallery } from "../product-gallery/product-gallery.tsx";
import { STORY_RATE, sample } from "../stories/sample.ts";
import { QuickViewDialog, type QuickViewDialogProps } from "./quick-view-dialog.tsx";

const product = sample.discounted();

function WithOpener(props: QuickViewDialogProps) {
  const [open, setOpen] = useState(props.open);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Quick view
      </Button>
      <QuickViewDialog
        {...props}
        open={open}
        onClose={() => {
          setOpen(false);
          props.onClose();
        }}
      />
    </>
  );
}

const meta = {
  title: "Product/QuickViewDialog",
  component: QuickViewDialog,
  args: {
    open: false,
    onClose: fn(),
    title: product.title,
    children: (
      <Stack direction={{ xs: "column", sm: "row" }} spacing={3}>
        <div style={{ flex: 1 }}>
          <ProductGallery images={product.imageURLs} title={product.title} />
        </div>
        <Stack spacing={1.5} sx={{ flex: 1 }}>
          <Price
            price={product.price}
            discount={product.discount}
            currency="DOP"
            rate={STORY_RATE}
            size="large"
          />
          <Typography>{product.description}</Typography>
          <Button variant="contained">Add To Cart</Button>
        </Stack>
      </Stack>
    ),
  },
  render: (args) => <WithOpener {...args} />,
} satisfies Meta<typeof QuickViewDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ClosesOnEscape: Story = {
  play: async ({ canvasElement, args }) => {
    const opener = within(canvasElement).getByRole("button", { name: "Quick view" });
    await userEvent.click(opener);
    const dialog = await screen.findByRole("dialog", { name: product.title });
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Add To Cart" })).toBeVisible());
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

export const ClosesOnItsButton: Story = {
  play: async ({ canvasElement }) => {
    const opener = within(canvasElement).getByRole("button", { name: "Quick view" });
    await userEvent.click(opener);
    const dialog = await screen.findByRole("dialog", { name: product.title });
    await userEvent.click(within(dialog).getByRole("button", { name: "Close quick view" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

export const LongTitle: Story = {
  args: { title: sample.longTitle().title },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Quick view" }));
    const dialog = await screen.findByRole("dialog", { name: sample.longTitle().title });
    await userEvent.click(within(dialog).getByRole("button", { name: "Close quick view" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  },
};

export const Open: Story = {
  args: { open: true },
  play: async () => {
    const dialog = await screen.findByRole("dialog", { name: product.title });
    // Visible once the fade-in ends.
    await waitFor(() => expect(dialog).toBeVisible());
  },
};
