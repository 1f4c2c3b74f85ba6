/** Video overlay stories: opened from a button, closed by Esc and by its button, focus back on the opener. */
import Button from "@mui/material/Button";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { sample } from "../stories/sample.ts";
import { VideoOverlay, type VideoOverlayProps } from "./video-overlay.tsx";

const product = sample.withVideo();

function WithOpener(props: VideoOverlayProps) {
  const [open, setOpen] = useState(props.open);
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)}>
        Watch the video
      </Button>
      <VideoOverlay
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
  title: "Product/VideoOverlay",
  component: VideoOverlay,
  args: { videoId: product.videoId!, title: product.title, open: false, onClose: fn() },
  render: (args) => <WithOpener {...args} />,
} satisfies Meta<typeof VideoOverlay>;
export default meta;
type Story = StoryObj<typeof meta>;

async function openOverlay(canvasElement: HTMLElement) {
  const opener = within(canvasElement).getByRole("button", { name: "Watch the video" });
  await userEvent.click(opener);
  const dialog = await screen.findByRole("dialog", { name: product.title });
  return { opener, dialog };
}

export const ClosesOnEscape: Story = {
  play: async ({ canvasElement, args }) => {
    const { opener, dialog } = await openOverlay(canvasElement);
    const player = dialog.querySelector("iframe");
    await expect(player).toHaveAttribute(
      "src",
      `https://www.youtube-nocookie.com/embed/${product.videoId}?autoplay=1&rel=0`,
    );
    await expect(player).toHaveAttribute("title", `Video: ${product.title}`);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

export const ClosesOnItsButton: Story = {
  play: async ({ canvasElement, args }) => {
    const { opener, dialog } = await openOverlay(canvasElement);
    // Tab stays inside the overlay.
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(dialog.contains(document.activeElement)).toBe(true);

    await userEvent.click(within(dialog).getByRole("button", { name: "Close video" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(opener).toHaveFocus());
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
