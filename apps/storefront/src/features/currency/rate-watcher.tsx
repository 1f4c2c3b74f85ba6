/** Keeps the rate loaded and tells the shopper, once per outage, when prices use the 78.5 fallback. */
import { useSetAtom } from "jotai";
import { useEffect, useRef } from "react";
import { notifyAtom } from "#lib/toast.ts";
import { FALLBACK_TOAST } from "./rate.ts";
import { useExchangeRate } from "./use-exchange-rate.ts";

export function RateWatcher() {
  const rate = useExchangeRate();
  const notify = useSetAtom(notifyAtom);
  const warned = useRef(false);
  useEffect(() => {
    if (rate?.fallback && !warned.current) notify({ ...FALLBACK_TOAST });
    warned.current = rate?.fallback ?? warned.current;
  }, [rate?.fallback, notify]);
  return null;
}
