/** The back office's entry: mounts the app. */
// First: no eval under the CSP, before any zod schema is built.
import "@shop/api-client/jitless";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
