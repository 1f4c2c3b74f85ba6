/** Time left on an offer, ticking every second until offerDate.endDate, then saying the offer has ended. */
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { COUNTDOWN_TICK_MS } from "@shop/domain/constants";
import { countdown } from "@shop/domain/countdown";
import { useEffect, useId, useRef, useState } from "react";

export interface CountdownProps {
  /** When the offer ends (offerDate.endDate): an ISO date, a Date or epoch milliseconds. */
  endDate: string | Date | number;
  /** The clock; stories and tests pass their own so the countdown is deterministic. */
  now?: () => number;
  /** The heading over the figures. */
  label?: string;
  /** The words shown once the offer is over. */
  endedText?: string;
}

export const OFFER_ENDED = "This offer has ended";

const UNITS = [
  ["days", "Days"],
  ["hours", "Hours"],
  ["minutes", "Minutes"],
  ["seconds", "Seconds"],
] as const;

export function Countdown({
  endDate,
  now = Date.now,
  label = "Offer ends in",
  endedText = OFFER_ENDED,
}: CountdownProps) {
  const [left, setLeft] = useState(() => countdown(endDate, now()));
  const headingId = useId();
  // The clock is read through a ref, and a Date end by its time, so a parent that re-renders with a new
  // function or Date object does not restart the timer.
  const clock = useRef(now);
  clock.current = now;
  const end = endDate instanceof Date ? endDate.getTime() : endDate;

  useEffect(() => {
    const tick = () => {
      const next = countdown(end, clock.current());
      setLeft(next);
      return next.expired;
    };
    if (tick()) return;
    const timer = setInterval(() => {
      if (tick()) clearInterval(timer);
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [end]);

  return (
    <Box>
      {/* A polite status, so the end is announced once; the ticking figures are not read out every second. */}
      <Box role="status">
        {left.expired && (
          <Typography component="p" sx={{ fontWeight: 600, color: "text.secondary" }}>
            {endedText}
          </Typography>
        )}
      </Box>
      {!left.expired && (
        <Box role="timer" aria-labelledby={headingId}>
          <Typography id={headingId} component="p" variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
            {label}
          </Typography>
          {/*
            One row that shares out its width: in a narrow card (a phone's deal of the week beside its picture, about
            200 px) the units narrow rather than "Seconds" wrapping onto a row of its own.
          */}
          <Box component="dl" sx={{ display: "flex", gap: 0.5, m: 0 }}>
            {UNITS.map(([unit, name]) => (
              <Box
                key={unit}
                data-unit={unit}
                sx={{
                  display: "flex",
                  flexDirection: "column-reverse",
                  alignItems: "center",
                  flex: "1 1 0",
                  minWidth: 0,
                  maxWidth: "4.5rem",
                  py: 0.75,
                  borderRadius: 1,
                  bgcolor: "primary.main",
                  color: "primary.contrastText",
                }}
              >
                <Typography component="dt" variant="caption" sx={{ fontSize: "0.6875rem", letterSpacing: 0 }}>
                  {name}
                </Typography>
                {/* Drawn on the server a moment before the browser takes the page over: the figure may differ. */}
                <Typography
                  component="dd"
                  suppressHydrationWarning
                  sx={{ m: 0, fontSize: "1.25rem", fontWeight: 700 }}
                >
                  {String(left[unit]).padStart(2, "0")}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
