/** @shop/ui's Price in the shopper's currency and at the current rate; a placeholder while a DOP rate loads. */
import Skeleton from "@mui/material/Skeleton";
import { Price, type PriceProps } from "@shop/ui/price";
import { useMoney } from "#features/currency/use-money.ts";

export function ShopPrice(props: Omit<PriceProps, "currency" | "rate">) {
  const money = useMoney();
  if (!money) return <Skeleton width={96} aria-label="Loading price" />;
  return <Price {...props} {...money} />;
}
