/** The back office's entry: mounts the app. */
// First: no eval under the CSP, before any zod schema is built.
import "@shop/api-client/jitless";
import { watchForNewBuild } from "@shop/api-client/build-check";
import { BUILD_ID_PATH } from "@shop/domain/build-check";
import { ADMIN_BASENAME } from "@shop/domain/routes";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App, router } from "./app.tsx";

// A new build deployed while the back office is open: its next navigation (or a chunk gone with the old build)
// reloads.
watchForNewBuild({ url: `${ADMIN_BASENAME}${BUILD_ID_PATH}`, router });

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
