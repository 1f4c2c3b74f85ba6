/** The dashboard's figures from GET /dashboard, through the data provider. */
import type { Dashboard } from "@shop/domain/schemas/admin";
import { useQuery } from "@tanstack/react-query";
import { useDataProvider } from "react-admin";
import type { ShopDataProvider } from "../providers/data-provider.ts";

export function useDashboard(days = 30) {
  const dataProvider = useDataProvider<ShopDataProvider>();
  return useQuery<Dashboard>({ queryKey: ["dashboard", days], queryFn: () => dataProvider.dashboard(days) });
}
