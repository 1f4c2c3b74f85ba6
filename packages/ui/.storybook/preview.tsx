/** Every story is drawn inside the shop's theme, and fails its test on any axe violation. */
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import type { Preview } from "@storybook/react-vite";
import { shopTheme } from "../src/theme.ts";

const preview: Preview = {
  decorators: [
    (Story) => (
      <ThemeProvider theme={shopTheme}>
        <CssBaseline />
        <Story />
      </ThemeProvider>
    ),
  ],
  parameters: {
    layout: "padded",
    a11y: { test: "error" },
    controls: { matchers: { color: /(background|color|clrCode)$/i } },
  },
};

export default preview;
