/** Icon stories: every icon at each size, in a button that names it, and in the text's colour. */
import IconButton from "@mui/material/IconButton";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import * as icons from "./icons.tsx";

const all = Object.entries(icons);

function Gallery({ fontSize, color }: icons.IconProps & { color?: string }) {
  return (
    <div style={{ display: "flex", flexWrap: "wrap", gap: 8, color }}>
      {all.map(([name, Icon]) => (
        <IconButton key={name} aria-label={name.replace(/Icon$/, "")} sx={{ color: "inherit" }}>
          <Icon fontSize={fontSize} />
        </IconButton>
      ))}
    </div>
  );
}

const meta = {
  title: "Foundations/Icons",
  component: Gallery,
  args: { fontSize: "medium" },
} satisfies Meta<typeof Gallery>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Medium: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Each icon is one empty element, with nothing for a screen reader: the button carries the name.
    const icon = canvas.getByRole("button", { name: "Favorite" }).querySelector(".shop-icon")!;
    await expect(icon.childNodes).toHaveLength(0);
    await expect(canvasElement.querySelectorAll("svg")).toHaveLength(0);
    const style = getComputedStyle(icon);
    await expect(style.width).toBe("24px");
    await expect(style.maskImage || style.getPropertyValue("-webkit-mask-image")).toMatch(
      /^url\("data:image\/svg\+xml/,
    );
  },
};

export const Small: Story = {
  args: { fontSize: "small" },
  play: async ({ canvasElement }) => {
    const icon = within(canvasElement).getByRole("button", { name: "Search" }).querySelector(".shop-icon")!;
    await expect(getComputedStyle(icon).width).toBe("20px");
  },
};

export const InTheTextColour: Story = {
  args: { color: "#ad1457" },
  play: async ({ canvasElement }) => {
    const icon = within(canvasElement).getByRole("button", { name: "Close" }).querySelector(".shop-icon")!;
    await expect(getComputedStyle(icon).backgroundColor).toBe("rgb(173, 20, 87)");
  },
};
