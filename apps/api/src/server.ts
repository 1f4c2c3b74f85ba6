/** Runs the shop's API alone (no front ends): what the API client's tests and an API-only deployment start. */
import { serve } from "./serve.ts";

serve().catch((error) => {
  console.error(error);
  process.exit(1);
});
