/**
 * The responsive picture: an upload offered as AVIF and WebP in its slot's widths with a JPEG for the rest, the
 * page's largest picture fetched first, and a drawing (or another host's picture) drawn as it is.
 */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { sampleBanners } from "../stories/sample.ts";
import { PICTURE_SLOTS, picturePreload } from "./picture-slots.ts";
import { ResponsivePicture } from "./responsive-picture.tsx";

const NAME = "5d41402abc4b2a76b9719d911017c592";
const UPLOAD = `/api/media/${NAME}.jpg`;

const meta = {
  title: "Media/ResponsivePicture",
  component: ResponsivePicture,
  args: {
    src: UPLOAD,
    alt: "Aurora headphones folded on a desk",
    width: 600,
    height: 600,
    slot: PICTURE_SLOTS.productCard,
  },
  decorators: [
    (Story) => (
      <div style={{ width: 280 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ResponsivePicture>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A product card's upload: AVIF first, then WebP, in 320 and 640 px, chosen by the card's width. */
export const AnUpload: Story = {
  play: async ({ canvasElement }) => {
    const sources = [...canvasElement.querySelectorAll("picture > source")];
    await expect(sources.map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    await expect(sources[0]).toHaveAttribute(
      "srcset",
      `/api/media/${NAME}/320.avif 320w, /api/media/${NAME}/640.avif 640w`,
    );
    await expect(sources[1]).toHaveAttribute(
      "srcset",
      `/api/media/${NAME}/320.webp 320w, /api/media/${NAME}/640.webp 640w`,
    );
    for (const source of sources)
      await expect(source).toHaveAttribute("sizes", PICTURE_SLOTS.productCard.sizes);
    const img = canvasElement.querySelector("picture > img")!;
    // A browser that shows neither format gets the JPEG of the largest width; the box is reserved either way.
    await expect(img).toHaveAttribute("src", `/api/media/${NAME}/640.jpg`);
    await expect(img).toHaveAttribute("alt", "Aurora headphones folded on a desk");
    await expect(img).toHaveAttribute("width", "600");
    await expect(img).toHaveAttribute("height", "600");
    await expect(img).toHaveAttribute("loading", "lazy");
  },
};

/** The page's largest picture: fetched at once; the page server preloads the same AVIF widths with the same sizes. */
export const ThePagesLargestPicture: Story = {
  args: { slot: PICTURE_SLOTS.banner, width: 1600, height: 600, alt: "", priority: true },
  decorators: [
    (Story) => (
      <div style={{ width: 1000 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const img = canvasElement.querySelector("picture > img")!;
    await expect(img).toHaveAttribute("fetchpriority", "high");
    await expect(img).toHaveAttribute("loading", "eager");
    const avif = canvasElement.querySelector("source[type='image/avif']")!;
    const preload = picturePreload(UPLOAD, PICTURE_SLOTS.banner);
    await expect(preload).toEqual({
      href: `/api/media/${NAME}/1920.jpg`,
      imageSrcSet: avif.getAttribute("srcset"),
      imageSizes: avif.getAttribute("sizes"),
      type: "image/avif",
    });
  },
};

/** A picture uploaded before the pipeline keeps its URL and is offered in the same widths by its uuid. */
export const AnEarlierUpload: Story = {
  args: { src: "/api/uploads/0f0e0d0c-0b0a-4909-8807-060504030201.png" },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("source[type='image/webp']")).toHaveAttribute(
      "srcset",
      "/api/media/0f0e0d0c-0b0a-4909-8807-060504030201/320.webp 320w, /api/media/0f0e0d0c-0b0a-4909-8807-060504030201/640.webp 640w",
    );
  },
};

/** The sample shop's drawings are SVG, the same file at every width: drawn as they are, with their box. */
export const ADrawing: Story = {
  args: { src: sampleBanners()[0]!.img, alt: "", width: 1600, height: 600, slot: PICTURE_SLOTS.banner },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("picture")).toBeNull();
    const img = canvasElement.querySelector("img")!;
    await expect(img.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    await expect(img).not.toHaveAttribute("srcset");
    await expect(img).toHaveAttribute("width", "1600");
  },
};
