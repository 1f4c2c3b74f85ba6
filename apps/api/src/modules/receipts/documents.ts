/** What the receipts module keeps in its JSON columns: an order's ITBIS as computed once, and a receipt's content. */
import type { CurrencyCode } from "@shop/domain/constants";
import type { ReceiptType } from "@shop/domain/fiscal";
import type { ItbisByRate, ItbisRate, OrderItbis } from "@shop/domain/itbis";

export interface StoredOrderItbis {
  currency: CurrencyCode;
  /** The exchange rate the order used (DOP per USD, 4 decimals as text). */
  rate: string;
  /** Each line's rate, in the order's line order. */
  rates: ItbisRate[];
  usd: OrderItbis;
  inCurrency: OrderItbis;
  /** In Dominican pesos, as a receipt states it (the order's own amounts for a DOP order). */
  dop: OrderItbis;
}

export interface ReceiptLine {
  title: string;
  sku: string;
  quantity: number;
  /** In Dominican pesos cents, ITBIS included. */
  unitPriceCents: number;
  /** quantity × the price, before the coupon's share. */
  lineTotalCents: number;
  /** The line's share of the coupon's discount. */
  discountCents: number;
  netCents: number;
  itbisRate: ItbisRate;
  itbisCents: number;
}

export interface StoredReceipt {
  type: ReceiptType;
  /** The business that issued it, as configured when it was issued. */
  issuer: { rnc: string; name: string; address: string };
  orderNumber: string;
  buyer: { taxId: string; name: string } | null;
  /** Amounts in Dominican pesos cents. */
  lines: ReceiptLine[];
  shipping: { netCents: number; itbisCents: number };
  byRate: ItbisByRate[];
  itbisCents: number;
  totalCents: number;
  /** The order's currency and rate, when it was paid in dollars. */
  paidIn: { currency: CurrencyCode; totalCents: number; rate: string };
  /** For a credit note: the e-NCF it corrects and why. */
  corrects?: { encf: string; issuedAt: string; reason: string };
}
