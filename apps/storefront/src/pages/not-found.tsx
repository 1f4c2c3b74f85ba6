/** /404 and every unknown route. */
import { NotFound } from "#features/content/not-found.tsx";

export default NotFound;
