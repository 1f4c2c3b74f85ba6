/** The fallback-rate toast, a chunk of its own: the spec's texts stay out of the first screen until a fallback happens. */
import { FALLBACK_DOP_RATE } from "@shop/domain/constants";
import { exchangeMessages } from "@shop/domain/messages";

/** The toast a shopper sees when the rate falls back: the spec's error, then the note that the default is in use. */
export const FALLBACK_TOAST = {
  type: "error",
  message: `${exchangeMessages.fetchError}. ${exchangeMessages.fallbackWarning} (1 US$ = ${FALLBACK_DOP_RATE} RD$).`,
} as const;
