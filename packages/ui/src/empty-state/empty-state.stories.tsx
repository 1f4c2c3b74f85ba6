/** Empty state stories: no results with a link that clears the filters, and a bare message. */
import FavoriteBorderIcon from "@mui/icons-material/FavoriteBorder";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { EmptyState } from "./empty-state.tsx";

const meta = {
  title: "Feedback/EmptyState",
  component: EmptyState,
  args: {
    title: "No products match these filters",
    message: "Try a wider price range, another category, or fewer words in your search.",
    action: { label: "Clear all filters", href: "/shop" },
  },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NoResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "No products match these filters" })).toBeVisible();
    // A link, so the cleared list has its own URL.
    await expect(canvas.getByRole("link", { name: "Clear all filters" })).toHaveAttribute("href", "/shop");
  },
};

export const EmptyWishlist: Story = {
  args: {
    title: "Your wishlist is empty",
    message: "Tap the heart on any product to keep it here.",
    action: { label: "Browse the shop", href: "/shop" },
    icon: <FavoriteBorderIcon />,
  },
};

export const TitleOnly: Story = {
  args: { title: "Nothing here yet", message: undefined, action: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("link")).toBeNull();
  },
};
