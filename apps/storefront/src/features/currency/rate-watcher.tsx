/** Keeps the rate loaded and tells the shopper, once per outage, when prices use the 78.5 fallback. */
import { useSetAtom } from "jotai";
import { useEffect, useRef } from "react";
import { notifyAtom } from "#lib/toast.ts";
import { useExchangeRate } from "./use-exchange-rate.ts";

export function RateWatcher() {
  const rate = useExchangeRate();
  const notify = useSetAtom(notifyAtom);
  const warned = useRef(false);
  useEffect(() => {
    // The message (and the spec's texts) load only when the rate has failed.
    if (rate?.fallback && !warned.current)
      import("./fallback-toast.ts").then((m) => notify(m.FALLBACK_TOAST));
    warned.current = rate?.fallback ?? warned.current;
  }, [rate?.fallback, notify]);
  return null;
}
