/** Toast stories: the cart's Spanish messages in each variant, shown top-centre and gone after 3000 ms. */
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { TOAST_AUTO_CLOSE_MS } from "@shop/domain/constants";
import { cartMessages, exchangeMessages } from "@shop/domain/messages";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { enqueueSnackbar, type VariantType } from "notistack";
import { expect, screen, userEvent, waitFor, within } from "storybook/test";
import { sample } from "../stories/sample.ts";
import { ToastHost } from "./toast.tsx";

const title = sample.discounted().title;
const examples: { label: string; message: string; variant: VariantType }[] = [
  { label: "Added", message: cartMessages.added(2, title), variant: "success" },
  { label: "Out of stock", message: cartMessages.outOfStock(title), variant: "error" },
  { label: "Cleared", message: cartMessages.cleared, variant: "info" },
  { label: "Rate fallback", message: exchangeMessages.fetchError, variant: "warning" },
  { label: "Plain", message: cartMessages.incremented(title), variant: "default" },
];

function Demo() {
  return (
    <ToastHost>
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }}>
        {examples.map(({ label, message, variant }) => (
          <Button key={label} variant="outlined" onClick={() => enqueueSnackbar(message, { variant })}>
            {label}
          </Button>
        ))}
      </Stack>
    </ToastHost>
  );
}

const meta = {
  title: "Feedback/ToastHost",
  component: ToastHost,
  render: () => <Demo />,
} satisfies Meta<typeof ToastHost>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TopCentreForThreeSeconds: Story = {
  play: async ({ canvasElement }) => {
    const shownAt = performance.now();
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Added" }));
    const toast = await screen.findByText(cartMessages.added(2, title));
    await expect(toast).toBeVisible();
    const box = toast.getBoundingClientRect();
    // Top centre of the window.
    await expect(box.top).toBeLessThan(window.innerHeight / 4);
    await expect(Math.abs((box.left + box.right) / 2 - window.innerWidth / 2)).toBeLessThan(60);
    await waitFor(() => expect(screen.queryByText(cartMessages.added(2, title))).toBeNull(), {
      timeout: TOAST_AUTO_CLOSE_MS + 2000,
    });
    // Not gone early: it stayed its 3000 ms.
    await expect(performance.now() - shownAt).toBeGreaterThanOrEqual(TOAST_AUTO_CLOSE_MS);
  },
};

export const EveryVariant: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const { label, message } of examples.slice(1, 4)) {
      await userEvent.click(canvas.getByRole("button", { name: label }));
      await expect(await screen.findByText(message)).toBeVisible();
    }
  },
};
