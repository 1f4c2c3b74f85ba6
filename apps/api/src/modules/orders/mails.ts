/**
 * The mails a shopper gets about an order: when it is placed and when staff change its status. Every amount is in
 * the order's own currency at the rate it recorded, written by @shop/domain; the HTML escapes all that comes from data.
 */
import type { OrderStatus } from "@shop/domain/constants";
import { formatMoney } from "@shop/domain/currency";
import { itbisMessages, orderLabels } from "@shop/domain/messages";
import { convertCents, toCents } from "@shop/domain/money";
import { discountedPriceCents } from "@shop/domain/pricing";
import type { Order } from "@shop/domain/schemas/public";
import { type Html, html } from "../../mail/html.ts";
import type { Mail } from "../../mail/mailer.ts";

export interface OrderMailSettings {
  /** Where the shopper's order page is (the first SHOP_ORIGIN). */
  shopOrigin: string;
  /** The shop's bank account for transfers (BANK_TRANSFER_DETAILS); unset: the shopper is sent to the contact page. */
  bankTransferDetails?: string | undefined;
  /** After how many hours an unpaid order is cancelled (UNPAID_ORDER_HOURS); 0: never. */
  unpaidOrderHours: number;
  /** The order page's signature, so the link opens it without signing in (a guest has no password). */
  orderToken?: (orderId: string) => string;
}

/** A USD amount of this order in its own currency, at its own rate (half up per amount, as it was priced). */
function inOrderCurrency(order: Order, usdCents: number): string {
  return formatMoney(
    order.currency === "USD" ? usdCents : convertCents(usdCents, order.rate),
    order.currency,
  );
}

/** An amount the order already holds in its own currency (its totals). */
const money = (order: Order, amount: number) => formatMoney(toCents(amount), order.currency);

const orderLink = (order: Order, settings: OrderMailSettings) =>
  `${settings.shopOrigin}/order?id=${encodeURIComponent(order.id)}${
    settings.orderToken ? `&token=${settings.orderToken(order.id)}` : ""
  }`;

function lines(order: Order) {
  return order.items.map((line) => ({
    title: line.title,
    options: [line.color, line.size].filter(Boolean).join(", "),
    quantity: line.quantity,
    unitPrice: inOrderCurrency(order, discountedPriceCents(toCents(line.unitPrice), line.discount)),
    total: inOrderCurrency(order, toCents(line.lineTotal)),
  }));
}

function totals(order: Order): [string, string][] {
  const t = order.totalsInCurrency;
  return [
    ["Subtotal", money(order, t.subtotal)],
    ...(t.discount > 0
      ? [[`Coupon ${order.couponCode ?? ""}`.trim(), money(order, -t.discount)] as [string, string]]
      : []),
    [`Shipping (${order.shippingMethod.name})`, money(order, t.shipping)],
    ["Total", money(order, t.total)],
  ];
}

function addressLines(order: Order): string[] {
  const a = order.shippingAddress;
  return [
    a.streetAddress,
    [a.city, a.province, a.postalCode].filter(Boolean).join(", "),
    a.country,
    order.phone ? `Phone: ${order.phone}` : "",
  ].filter(Boolean);
}

/** The ITBIS the total includes (Ley 358-05: a price says whether its taxes are in it). */
const itbisNote = (order: Order) =>
  order.itbis
    ? itbisMessages.includedAmount(money(order, order.itbis.totalInCurrency))
    : itbisMessages.included;

const rateNote = (order: Order) => (order.currency === "DOP" ? `1 US$ = ${order.rate} RD$` : null);

function placedOn(order: Order): string {
  return new Date(order.createdAt).toLocaleDateString("en-US", {
    dateStyle: "long",
    timeZone: "America/Santo_Domingo",
  });
}

/** What a shopper paying by bank transfer must do; null for other payment methods. */
function transferInstructions(order: Order, settings: OrderMailSettings): string[] | null {
  if (order.paymentMethod !== "bank_transfer") return null;
  const total = money(order, order.totalsInCurrency.total);
  return [
    `Please transfer ${total} with "Order ${order.orderNumber}" as the reference.`,
    settings.bankTransferDetails
      ? `Our bank account: ${settings.bankTransferDetails}`
      : `Ask us for our bank account details: ${settings.shopOrigin}/contact`,
    settings.unpaidOrderHours > 0
      ? `We hold your items for ${settings.unpaidOrderHours} hours; an order not paid by then is cancelled.`
      : "We send your order once the transfer arrives.",
  ];
}

function document(title: string, body: Html): string {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;color:#1f2430;line-height:1.5">
<div style="max-width:600px;margin:0 auto">${body}</div>
</body>
</html>`.value;
}

const paragraph = (text: string) => html`<p>${text}</p>`;

function totalsTable(order: Order): Html {
  const itemRows = lines(order).map(
    (line) =>
      html`<tr><td style="padding:6px 0;border-bottom:1px solid #e3e6ec">${line.title}${line.options ? html`<br><small>${line.options}</small>` : ""}</td><td style="padding:6px 8px;border-bottom:1px solid #e3e6ec;white-space:nowrap">${line.quantity} × ${line.unitPrice}</td><td style="padding:6px 0;border-bottom:1px solid #e3e6ec;text-align:right;white-space:nowrap">${line.total}</td></tr>`,
  );
  const totalRows = totals(order).map(
    ([label, value], i, all) =>
      html`<tr><th scope="row" colspan="2" style="padding:4px 8px 4px 0;text-align:right;font-weight:${i === all.length - 1 ? "bold" : "normal"}">${label}</th><td style="padding:4px 0;text-align:right;white-space:nowrap;font-weight:${i === all.length - 1 ? "bold" : "normal"}">${value}</td></tr>`,
  );
  const rate = rateNote(order);
  return html`<table style="width:100%;border-collapse:collapse">
<thead><tr><th scope="col" style="text-align:left">Product</th><th scope="col" style="text-align:left;padding:0 8px">Quantity</th><th scope="col" style="text-align:right">Total</th></tr></thead>
<tbody>${itemRows}${totalRows}</tbody>
</table><p style="text-align:right"><small>${itbisNote(order)}</small></p>${rate ? html`<p><small>${rate}</small></p>` : ""}`;
}

/** The mail that confirms a placed order: lines, totals, address, payment (with a transfer's instructions). */
export function orderPlacedMail(order: Order, settings: OrderMailSettings): Mail {
  const subject = `Your order ${order.orderNumber} is placed`;
  const greeting = `Hello ${order.customerName},`;
  const intro = `Thank you for your order ${order.orderNumber}, placed on ${placedOn(order)}. We will write again when its status changes.`;
  const payment = `Payment: ${orderLabels.payment[order.paymentMethod]}`;
  const transfer = transferInstructions(order, settings);
  const link = orderLink(order, settings);
  const rate = rateNote(order);

  const text = [
    greeting,
    "",
    intro,
    "",
    "Items",
    ...lines(order).map(
      (l) =>
        `  ${l.quantity} × ${l.title}${l.options ? ` (${l.options})` : ""} at ${l.unitPrice}: ${l.total}`,
    ),
    "",
    ...totals(order).map(([label, value]) => `${label}: ${value}`),
    itbisNote(order),
    ...(rate ? [rate] : []),
    "",
    "Shipping to",
    ...addressLines(order),
    "",
    payment,
    ...(transfer ?? []),
    "",
    `Your order: ${link}`,
  ].join("\n");

  const body = html`${paragraph(greeting)}${paragraph(intro)}
<h2 style="font-size:18px">Items</h2>
${totalsTable(order)}
<h2 style="font-size:18px">Shipping to</h2>
<p>${addressLines(order).map((line, i) => html`${i ? html`<br>` : ""}${line}`)}</p>
<h2 style="font-size:18px">${payment}</h2>
${(transfer ?? []).map(paragraph)}
<p><a href="${link}">See your order</a></p>`;
  return { to: order.customerEmail, subject, text, html: document(subject, body) };
}

/** What each status means for the shopper. */
const STATUS_NEWS: Record<OrderStatus, string> = {
  pending: "We have your order and will confirm it soon.",
  processing: "We are preparing your order.",
  shipped: "Your order is on its way.",
  delivered: "Your order has been delivered. Thank you for shopping with us.",
  cancelled: "Your order has been cancelled; nothing more is owed for it.",
};

/** The mail that tells a shopper staff moved their order to a new status. */
export function orderStatusMail(order: Order, settings: OrderMailSettings): Mail {
  const label = orderLabels.status[order.status];
  const subject = `Your order ${order.orderNumber} is now ${label.toLowerCase()}`;
  const greeting = `Hello ${order.customerName},`;
  const news = `Order ${order.orderNumber} is now ${label}. ${STATUS_NEWS[order.status]}`;
  const total = `Total: ${money(order, order.totalsInCurrency.total)} (${itbisNote(order)})`;
  const link = orderLink(order, settings);
  const shipment = order.status === "shipped" ? order.shipment : null;
  const tracking = shipment
    ? `Carrier: ${shipment.carrier}, tracking number ${shipment.trackingNumber}${shipment.trackingUrl ? `: ${shipment.trackingUrl}` : ""}`
    : null;
  // Once delivered, the order has its fiscal receipt: its printable page's link and its PDF's (docs/security.md).
  const receipt = order.receipt
    ? {
        label: `Your receipt ${order.receipt.encf}`,
        link: `${settings.shopOrigin}${order.receipt.url}`,
        pdf: `${settings.shopOrigin}${order.receipt.pdfUrl}`,
      }
    : null;
  const text = [
    greeting,
    "",
    news,
    ...(shipment
      ? [
          "",
          tracking!,
          "",
          "Items",
          ...lines(order).map((l) => `  ${l.quantity} × ${l.title}${l.options ? ` (${l.options})` : ""}`),
        ]
      : []),
    "",
    total,
    ...(receipt ? ["", `${receipt.label}: ${receipt.link}`, `As a PDF: ${receipt.pdf}`] : []),
    "",
    `Your order: ${link}`,
  ].join("\n");
  const body = html`${paragraph(greeting)}${paragraph(news)}${
    shipment
      ? html`<p>Carrier: ${shipment.carrier}, tracking number ${shipment.trackingNumber}${
          shipment.trackingUrl ? html` (<a href="${shipment.trackingUrl}">track your parcel</a>)` : ""
        }</p>${totalsTable(order)}`
      : paragraph(total)
  }${receipt ? html`<p><a href="${receipt.link}">${receipt.label}</a> (<a href="${receipt.pdf}">PDF</a>)</p>` : ""}<p><a href="${link}">See your order</a></p>`;
  return { to: order.customerEmail, subject, text, html: document(subject, body) };
}

/** The mail that tells a shopper their order was cancelled because it was not paid in time, its items back on sale. */
export function unpaidCancelledMail(order: Order, settings: OrderMailSettings): Mail {
  const subject = `Your order ${order.orderNumber} is cancelled: it was not paid in time`;
  const greeting = `Hello ${order.customerName},`;
  const news = `We held the items of order ${order.orderNumber} for ${settings.unpaidOrderHours} hours, but its payment did not arrive, so we have cancelled it and nothing is owed for it. If you paid in the meantime, reply to this mail with your bank's reference and we will sort it out.`;
  const link = orderLink(order, settings);
  const text = [
    greeting,
    "",
    news,
    "",
    ...lines(order).map((l) => `  ${l.quantity} × ${l.title}`),
    "",
    `Your order: ${link}`,
  ].join("\n");
  const body = html`${paragraph(greeting)}${paragraph(news)}${totalsTable(order)}<p><a href="${link}">See your order</a></p>`;
  return { to: order.customerEmail, subject, text, html: document(subject, body) };
}

/** The money that made an order paid, as the payments module tells of it: cents of the order's own currency. */
export interface PaymentReceived {
  amountCents: number;
}

/** The mail that tells a shopper their payment arrived (a card payment, or a transfer or cash staff marked paid). */
export function paymentReceivedMail(
  order: Order,
  payment: PaymentReceived,
  settings: OrderMailSettings,
): Mail {
  const amount = formatMoney(payment.amountCents, order.currency);
  const subject = `Payment received for your order ${order.orderNumber}`;
  const greeting = `Hello ${order.customerName},`;
  const news = `We have received your payment of ${amount} for order ${order.orderNumber} (${orderLabels.payment[order.paymentMethod]}). Thank you. We will write again when your order is on its way.`;
  const link = orderLink(order, settings);
  const text = [greeting, "", news, "", `Your order: ${link}`].join("\n");
  const body = html`${paragraph(greeting)}${paragraph(news)}<p><a href="${link}">See your order</a></p>`;
  return { to: order.customerEmail, subject, text, html: document(subject, body) };
}
