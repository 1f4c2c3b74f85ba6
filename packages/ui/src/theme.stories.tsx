/** The theme for designers: palette, type scale, buttons and links; axe checks every pairing for AA contrast. */
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { brand } from "./theme.ts";

const COLOURS = ["primary", "secondary", "success", "error", "warning", "info"] as const;

function ThemeSheet() {
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h1">Heading one</Typography>
        <Typography variant="h2">Heading two</Typography>
        <Typography variant="h3">Heading three</Typography>
        <Typography variant="h4">Heading four</Typography>
        <Typography>Body text on the page, in the system font: no web font is downloaded.</Typography>
        <Typography color="text.secondary">Secondary text for dates, counts and captions.</Typography>
        <Typography>
          A <Link href="#links">link in a sentence</Link>, underlined on hover, ringed on keyboard focus.
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
        {COLOURS.map((colour) => (
          <Button key={colour} variant="contained" color={colour}>
            {colour}
          </Button>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
        {COLOURS.map((colour) => (
          <Button key={colour} variant="outlined" color={colour}>
            {colour}
          </Button>
        ))}
      </Stack>
      <Stack spacing={1}>
        {(["success", "info", "warning", "error"] as const).map((severity) => (
          <Alert key={severity} severity={severity} variant="filled">
            A {severity} message
          </Alert>
        ))}
      </Stack>
      <Stack direction="row" spacing={1}>
        {Object.entries(brand).map(([name, colour]) => (
          <Box key={name} sx={{ textAlign: "center" }}>
            <Box
              sx={{
                width: 56,
                height: 56,
                borderRadius: 1,
                bgcolor: colour,
                border: 1,
                borderColor: "divider",
              }}
            />
            <Typography variant="caption">{name}</Typography>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

const meta = { title: "Theme/Shop theme", render: () => <ThemeSheet /> } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Sheet: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [button] = canvas.getAllByRole("button", { name: "primary" });
    await expect(getComputedStyle(button!).backgroundColor).toBe("rgb(24, 68, 181)");
    // Keyboard focus shows a ring.
    await userEvent.tab();
    const link = canvas.getByRole("link", { name: "link in a sentence" });
    await expect(link).toHaveFocus();
    await expect(getComputedStyle(link).outlineStyle).toBe("solid");
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await expect(getComputedStyle(button!).outlineStyle).toBe("solid");
  },
};
