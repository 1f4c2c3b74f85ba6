/** Notify-me stories: sent with the signed-in shopper's address, a typed address checked, the server refusing. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { NotifyMe } from "./notify-me.tsx";

const meta = {
  title: "Product/NotifyMe",
  component: NotifyMe,
  args: { variantLabel: "Coral / 38", defaultEmail: "shopper@shop.test", onSubmit: fn(async () => {}) },
} satisfies Meta<typeof NotifyMe>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SignedIn: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("form", { name: "Notify me when it's back" })).toBeInTheDocument();
    await expect(canvas.getByLabelText("E-mail")).toHaveValue("shopper@shop.test");
    await userEvent.click(canvas.getByRole("button", { name: "Notify me when it's back" }));
    await expect(args.onSubmit).toHaveBeenCalledWith("shopper@shop.test");
    await expect(await canvas.findByRole("status")).toHaveTextContent(
      "We will e-mail shopper@shop.test once Coral / 38 is back in stock.",
    );
  },
};

export const TypedAddress: Story = {
  args: { defaultEmail: undefined },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText("E-mail");
    await userEvent.type(field, "not-an-address");
    await userEvent.keyboard("{Enter}");
    await expect(canvas.getByText("Enter an e-mail address, like name@example.com")).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, " ana@example.com ");
    await userEvent.keyboard("{Enter}");
    await expect(args.onSubmit).toHaveBeenCalledWith("ana@example.com");
  },
};

export const Refused: Story = {
  args: {
    onSubmit: fn(async () => {
      throw new Error("Too many requests. Try again in a minute.");
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Notify me when it's back" }));
    await expect(await canvas.findByText("Too many requests. Try again in a minute.")).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Notify me when it's back" })).toBeEnabled();
  },
};
