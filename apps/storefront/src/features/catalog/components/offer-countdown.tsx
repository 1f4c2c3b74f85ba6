/** Time left on an offer, ticking every second until offerDate.endDate, then saying the offer has ended. */
import Box from "@mui/material/Box";
import { COUNTDOWN_TICK_MS } from "@shop/domain/constants";
import { countdown } from "@shop/domain/countdown";
import { useEffect, useState } from "react";

export function OfferCountdown({ endDate }: { endDate: string }) {
  const [now, setNow] = useState(() => Date.now());
  const left = countdown(endDate, now);
  useEffect(() => {
    if (left.expired) return;
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [left.expired]);
  if (left.expired) return <Box sx={{ fontWeight: 600, color: "text.secondary" }}>This offer has ended</Box>;
  const parts = [
    [left.days, "days"],
    [left.hours, "hours"],
    [left.minutes, "min"],
    [left.seconds, "sec"],
  ] as const;
  return (
    <Box role="timer" aria-label="Offer ends in" sx={{ display: "flex", gap: 1 }}>
      {parts.map(([value, unit]) => (
        <Box
          key={unit}
          sx={{ textAlign: "center", minWidth: 48, py: 0.5, borderRadius: 1, bgcolor: "#f1e4ea" }}
        >
          <Box sx={{ fontWeight: 700, fontSize: "1.125rem", fontVariantNumeric: "tabular-nums" }}>
            {String(value).padStart(2, "0")}
          </Box>
          <Box sx={{ fontSize: "0.75rem" }}>{unit}</Box>
        </Box>
      ))}
    </Box>
  );
}
