/**
 * How many of a product to buy: minus and plus buttons around a number field; never below 1 (nor above max). Asking
 * for more than max (typing it, or pressing plus at the limit) is said through onAboveMax, never lowered silently.
 */
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import { type ChangeEvent, type KeyboardEvent, useState } from "react";
import { AddIcon, RemoveIcon } from "../icons/icons.tsx";

export interface QuantityInputProps {
  value: number;
  onChange: (quantity: number) => void;
  /** The most the shopper may choose (the stock); no limit when left out. */
  max?: number;
  /** The field's accessible name. */
  label?: string;
  /** The shopper asked for more than max (the quantity stays at max): the page says why. */
  onAboveMax?: (max: number) => void;
}

const MIN = 1;

/** The whole number typed, or null when the text is not one. */
function parseTyped(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  return Number.parseInt(text, 10);
}

export function QuantityInput({ value, onChange, max, label = "Quantity", onAboveMax }: QuantityInputProps) {
  const limit = max === undefined ? Number.MAX_SAFE_INTEGER : Math.max(MIN, max);
  const current = Math.min(limit, Math.max(MIN, Math.trunc(value) || MIN));
  // What the shopper is typing; null while it matches the value.
  const [draft, setDraft] = useState<string | null>(null);

  const set = (next: number) => {
    setDraft(null);
    if (next > limit) onAboveMax?.(limit);
    const clamped = Math.min(limit, Math.max(MIN, next));
    if (clamped !== current) onChange(clamped);
  };
  const atMin = current <= MIN;
  const atMax = current >= limit;

  return (
    <Box
      role="group"
      aria-label={label}
      sx={{
        display: "inline-flex",
        alignItems: "center",
        border: 1,
        borderColor: "text.secondary",
        borderRadius: 1,
      }}
    >
      {/* aria-disabled rather than disabled, so keyboard focus stays on the button at the limit. */}
      <IconButton
        aria-label="Decrease quantity"
        aria-disabled={atMin}
        onClick={() => !atMin && set(current - 1)}
        sx={{ "&[aria-disabled='true']": { color: "action.disabled", cursor: "default" } }}
      >
        <RemoveIcon fontSize="small" />
      </IconButton>
      {/* A plain input: MUI's InputBase would add several KiB for nothing this field needs. */}
      <Box
        component="input"
        value={draft ?? String(current)}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const typed = parseTyped(event.target.value);
          if (typed !== null && typed > limit) onAboveMax?.(limit);
          const parsed = typed === null ? null : Math.min(limit, Math.max(MIN, typed));
          if (parsed === null || String(parsed) !== event.target.value.trim()) setDraft(event.target.value);
          else setDraft(null);
          if (parsed !== null && parsed !== current) onChange(parsed);
        }}
        onBlur={() => setDraft(null)}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === "ArrowUp") set(current + 1);
          else if (event.key === "ArrowDown") set(current - 1);
          else return;
          event.preventDefault();
        }}
        aria-label={label}
        inputMode="numeric"
        pattern="[0-9]*"
        role="spinbutton"
        aria-valuemin={MIN}
        aria-valuemax={max}
        aria-valuenow={current}
        sx={{
          width: "3.5rem",
          border: 0,
          p: 1,
          bgcolor: "transparent",
          color: "text.primary",
          font: "inherit",
          fontWeight: 600,
          textAlign: "center",
          "&:focus-visible": { outline: "3px solid", outlineColor: "primary.main", outlineOffset: 0 },
        }}
      />
      <IconButton
        aria-label="Increase quantity"
        aria-disabled={atMax}
        onClick={() => set(current + 1)}
        sx={{ "&[aria-disabled='true']": { color: "action.disabled", cursor: "default" } }}
      >
        <AddIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
