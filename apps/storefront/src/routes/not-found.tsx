/** /404 and every path the route table does not know. */
import type { Meta } from "#app/route-module.ts";
import { NotFound, notFoundHead } from "#features/content/not-found.tsx";

export const meta: Meta<"not-found"> = () => notFoundHead;

export default NotFound;
