/** Storybook for the shop's components: React on Vite, stories beside each component, axe and Vitest addons. */
import type { StorybookConfig } from "@storybook/react-vite";

const config: StorybookConfig = {
  stories: ["../src/**/*.stories.tsx"],
  addons: ["@storybook/addon-a11y", "@storybook/addon-vitest"],
  framework: { name: "@storybook/react-vite", options: {} },
  // react-docgen-typescript needs TypeScript's JavaScript API, which TypeScript 7 does not have.
  typescript: { reactDocgen: "react-docgen" },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};

export default config;
