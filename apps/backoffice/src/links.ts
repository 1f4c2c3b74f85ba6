/** Links inside the back office: the router is mounted at the root and the app under /admin, so links carry it. */
import { ADMIN_BASENAME } from "@shop/domain/routes";

/** "/products/1" -> "/admin/products/1" */
export const adminLink = (path: string) => `${ADMIN_BASENAME}${path}`;
