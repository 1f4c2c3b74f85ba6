/** The storefront's entry: mounts the app. */
import { createRoot } from "react-dom/client";

createRoot(document.getElementById("root")!).render(<h1>The shop</h1>);
