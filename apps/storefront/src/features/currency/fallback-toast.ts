/** The toast a shopper sees when the rate falls back: the spec's error, then the note that the default is in use. */
import { FALLBACK_DOP_RATE } from "@shop/domain/constants";
import { exchangeMessages } from "@shop/domain/messages";
import type { Toast } from "#lib/toast.ts";

export const FALLBACK_TOAST: Toast = {
  type: "error",
  message: `${exchangeMessages.fetchError}. ${exchangeMessages.fallbackWarning} (1 US$ = ${FALLBACK_DOP_RATE} RD$).`,
};
