/** The back office's entry: mounts the app. */
import { createRoot } from "react-dom/client";

createRoot(document.getElementById("root")!).render(<h1>Back office</h1>);
