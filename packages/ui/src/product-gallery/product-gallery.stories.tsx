/** Gallery stories: thumbnails choosing the picture, the colour swatches choosing it, one picture and none. */
import Stack from "@mui/material/Stack";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { ColourSwatches, uniqueColours } from "../colour-swatches/colour-swatches.tsx";
import { sample } from "../stories/sample.ts";
import { ProductGallery, type ProductGalleryProps } from "./product-gallery.tsx";

const product = sample.discounted();
const [first, second, third] = product.imageURLs.map((image) => image.color!);

const meta = {
  title: "Product/ProductGallery",
  component: ProductGallery,
  args: { images: product.imageURLs, title: product.title, onActiveColourChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof ProductGallery>;
export default meta;
type Story = StoryObj<typeof meta>;

const mainPicture = (root: HTMLElement) => within(root).getAllByRole("img")[0]!;

export const ThumbnailsChoose: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(mainPicture(canvasElement)).toHaveAccessibleName(`${product.title}, ${first!.name}`);
    await expect(mainPicture(canvasElement)).toHaveAttribute("width", "600");
    await expect(mainPicture(canvasElement)).toHaveAttribute("height", "600");
    const thumbnails = within(
      canvas.getByRole("list", { name: `Pictures of ${product.title}` }),
    ).getAllByRole("button");
    await expect(thumbnails).toHaveLength(product.imageURLs.length);

    await userEvent.click(canvas.getByRole("button", { name: `Show ${second!.name}` }));
    await expect(mainPicture(canvasElement)).toHaveAccessibleName(`${product.title}, ${second!.name}`);
    await expect(mainPicture(canvasElement)).toHaveAttribute("src", product.imageURLs[1]!.img);
    await expect(canvas.getByRole("button", { name: `Show ${second!.name}` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(args.onActiveColourChange).toHaveBeenLastCalledWith(second!.clrCode);
  },
};

function WithSwatches(props: ProductGalleryProps) {
  const [colour, setColour] = useState<string | null>(first!.clrCode);
  return (
    <Stack spacing={2}>
      <ProductGallery {...props} activeColour={colour} onActiveColourChange={setColour} />
      <ColourSwatches
        colours={uniqueColours(props.images.map((image) => image.color))}
        value={colour}
        onChange={setColour}
      />
    </Stack>
  );
}

export const ColourChoosesPicture: Story = {
  render: (args) => <WithSwatches {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText(third!.name));
    await expect(mainPicture(canvasElement)).toHaveAccessibleName(`${product.title}, ${third!.name}`);
    await expect(canvas.getByRole("button", { name: `Show ${third!.name}` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    // And the other way round: a thumbnail chooses the colour.
    await userEvent.click(canvas.getByRole("button", { name: `Show ${second!.name}` }));
    await expect(canvas.getByRole("radio", { name: second!.name })).toBeChecked();
    await expect(mainPicture(canvasElement)).toHaveAccessibleName(`${product.title}, ${second!.name}`);
  },
};

export const StartsOnChosenColour: Story = {
  args: { activeColour: third!.clrCode },
  play: async ({ canvasElement }) => {
    await expect(mainPicture(canvasElement)).toHaveAccessibleName(`${product.title}, ${third!.name}`);
  },
};

export const MainImageFirst: Story = {
  args: { priority: true },
  play: async ({ canvasElement }) => {
    await expect(mainPicture(canvasElement)).toHaveAttribute("loading", "eager");
    await expect(mainPicture(canvasElement)).toHaveAttribute("fetchpriority", "high");
  },
};

export const OnePicture: Story = {
  args: { images: product.imageURLs.slice(0, 1) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("list")).toBeNull();
  },
};

export const NoPictures: Story = {
  args: { images: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent(`No pictures of ${product.title} yet`);
  },
};

/** The admin's alt text for a picture is what the shop says of it; pictures without one keep the title and colour. */
export const AltTextFromTheBackOffice: Story = {
  args: {
    images: [
      { ...product.imageURLs[0]!, alt: "Headphones folded flat in their travel case" },
      ...product.imageURLs.slice(1),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(mainPicture(canvasElement)).toHaveAccessibleName(
      "Headphones folded flat in their travel case",
    );
    await userEvent.click(canvas.getByRole("button", { name: `Show ${second!.name}` }));
    await expect(mainPicture(canvasElement)).toHaveAccessibleName(`${product.title}, ${second!.name}`);
  },
};
