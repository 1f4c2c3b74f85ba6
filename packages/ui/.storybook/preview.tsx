/** Every story is drawn inside the shop's theme, and fails its test on any axe violation. */
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import type { Preview } from "@storybook/react-vite";
import { configure } from "storybook/test";
import { shopTheme } from "../src/theme.ts";

// The plays wait for what they look for (an open dialog's fade, a closed one's exit) at most this long: a busy
// machine, with other packages testing beside it, takes more than testing-library's default second.
configure({ asyncUtilTimeout: 5000 });

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
