/** Product card stories: grid and list, discounted, out of stock, long title, pesos and dollars, and its actions. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { STORY_RATE, sample, sampleProducts } from "../stories/sample.ts";
import { OUT_OF_STOCK, ProductCard } from "./product-card.tsx";

const discounted = sample.discounted();

const meta = {
  title: "Catalogue/ProductCard",
  component: ProductCard,
  args: {
    product: discounted,
    layout: "grid",
    href: `/product-details/${discounted.id}`,
    currency: "DOP",
    rate: STORY_RATE,
    onAddToCart: fn(),
    onQuickView: fn(),
    onToggleWishlist: fn(),
    onToggleCompare: fn(),
  },
  decorators: [
    (Story, { args, parameters }) => (
      <div style={{ maxWidth: parameters.maxWidth ?? (args.layout === "list" ? 760 : 280) }}>{Story()}</div>
    ),
  ],
} satisfies Meta<typeof ProductCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const DiscountedDop: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const { title } = discounted;
    await expect(canvas.getByRole("heading", { level: 3, name: title })).toBeVisible();
    // One link per card in the tab order; the picture's link is for the pointer only.
    await expect(canvas.getAllByRole("link")).toHaveLength(1);
    await expect(canvas.getByRole("link", { name: title })).toHaveAttribute(
      "href",
      `/product-details/${discounted.id}`,
    );
    await expect(canvas.getByText(`-${discounted.discount}%`)).toBeVisible();
    await expect(canvasElement.querySelector("del")).toHaveTextContent("RD$");
    const picture = canvasElement.querySelector("img")!;
    await expect(picture).toHaveAttribute("alt", title);
    await expect(picture).toHaveAttribute("width", "600");
    await expect(picture).toHaveAttribute("loading", "lazy");

    await userEvent.click(canvas.getByRole("button", { name: `Add To Cart: ${title}` }));
    await expect(args.onAddToCart).toHaveBeenCalledWith(discounted);
    await userEvent.click(canvas.getByRole("button", { name: `Add ${title} to wishlist` }));
    await expect(args.onToggleWishlist).toHaveBeenCalledWith(discounted);
    await userEvent.click(canvas.getByRole("button", { name: `Add ${title} to compare` }));
    await expect(args.onToggleCompare).toHaveBeenCalledWith(discounted);
    await userEvent.click(canvas.getByRole("button", { name: `Quick view of ${title}` }));
    await expect(args.onQuickView).toHaveBeenCalledWith(discounted);
  },
};

export const Usd: Story = {
  args: { currency: "USD" },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("del")).toHaveTextContent(/^was US\$/);
  },
};

export const FullPrice: Story = {
  args: { product: sample.fullPrice() },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("del")).toBeNull();
    await expect(within(canvasElement).queryByText(/^-\d+%$/)).toBeNull();
  },
};

export const OutOfStock: Story = {
  args: { product: sample.outOfStock() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const { title } = sample.outOfStock();
    await expect(canvas.getAllByText(OUT_OF_STOCK).length).toBeGreaterThanOrEqual(1);
    const button = canvas.getByRole("button", { name: `${OUT_OF_STOCK}: ${title}` });
    await expect(button).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(button);
    await expect(args.onAddToCart).not.toHaveBeenCalled();
  },
};

export const InWishlistAndCompare: Story = {
  args: { inWishlist: true, inCompare: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole("button", { name: `Remove ${discounted.title} from wishlist` }),
    ).toHaveAttribute("aria-pressed", "true");
    await expect(
      canvas.getByRole("button", { name: `Remove ${discounted.title} from compare` }),
    ).toHaveAttribute("aria-pressed", "true");
  },
};

export const LongTitle: Story = {
  args: { product: sample.longTitle() },
  play: async ({ canvasElement }) => {
    const heading = within(canvasElement).getByRole("heading", { name: sample.longTitle().title });
    // Two lines at most on the card, the rest cut.
    await expect(heading.scrollHeight).toBeGreaterThan(heading.clientHeight);
  },
};

export const ListForm: Story = {
  args: { layout: "list" },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("article")).toHaveAttribute("data-layout", "list");
    await expect(canvasElement).toHaveTextContent(discounted.description.slice(0, 40));
  },
};

export const ListOutOfStockUsd: Story = {
  args: { layout: "list", product: sample.outOfStock(), currency: "USD" },
};

export const Priority: Story = {
  args: { priority: true },
  play: async ({ canvasElement }) => {
    const picture = canvasElement.querySelector("img")!;
    await expect(picture).toHaveAttribute("loading", "eager");
    await expect(picture).toHaveAttribute("fetchpriority", "high");
  },
};

export const WithoutActions: Story = {
  args: {
    onAddToCart: undefined,
    onQuickView: undefined,
    onToggleWishlist: undefined,
    onToggleCompare: undefined,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("button")).toBeNull();
  },
};

export const Grid: Story = {
  parameters: { maxWidth: 1200 },
  render: (args) => (
    <div style={{ display: "grid", gap: 16, gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))" }}>
      {sampleProducts()
        .slice(0, 8)
        .map((product, index) => (
          <ProductCard
            key={product.id}
            {...args}
            product={product}
            href={`/product-details/${product.id}`}
            priority={index === 0}
          />
        ))}
    </div>
  ),
};

/** A product whose picture was uploaded: offered in the card's widths, drawn in the same square box as a drawing. */
export const AnUploadedPicture: Story = {
  args: {
    product: { ...discounted, img: "/api/media/5d41402abc4b2a76b9719d911017c592.jpg" },
  },
  play: async ({ canvasElement }) => {
    const picture = canvasElement.querySelector(".picture picture > img")!;
    await expect(canvasElement.querySelector(".picture source[type='image/avif']")).toHaveAttribute(
      "srcset",
      expect.stringContaining("/api/media/5d41402abc4b2a76b9719d911017c592/640.avif 640w"),
    );
    // Square, the card's width, whether the picture has loaded or not: nothing moves when it arrives.
    const box = picture.getBoundingClientRect();
    await expect(box.width).toBeGreaterThan(200);
    await expect(box.width).toBeLessThan(
      canvasElement.querySelector("article")!.getBoundingClientRect().width,
    );
    await expect(Math.abs(box.width - box.height)).toBeLessThan(1);
  },
};
