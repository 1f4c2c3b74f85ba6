/** The listing's price filter: two thumbs from 0 to the highest price, read out and shown in the chosen currency. */
import Box from "@mui/material/Box";
import Slider from "@mui/material/Slider";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { type MoneyProps, showUsd } from "#internal/money.ts";

export interface PriceRangeSliderProps extends MoneyProps {
  /** The highest product price in USD; the range runs from 0 to it. */
  max: number;
  /** [min, max] in USD. */
  value: [number, number];
  /** While a thumb moves. */
  onChange: (value: [number, number]) => void;
  /** When the shopper lets go (or a key press ends): the moment to change the URL. */
  onCommit: (value: [number, number]) => void;
  /** Step in USD. */
  step?: number;
  label?: string;
}

const THUMB_NAMES = ["Minimum price", "Maximum price"] as const;

export function PriceRangeSlider({
  max,
  value,
  onChange,
  onCommit,
  currency,
  rate,
  step = 1,
  label = "Price",
}: PriceRangeSliderProps) {
  const headingId = useId();
  const top = Math.max(step, Math.ceil(max / step) * step);
  const money = { currency, rate };
  const asPair = (v: number | number[]): [number, number] =>
    Array.isArray(v) ? [v[0] ?? 0, v[1] ?? top] : [v, v];
  return (
    <Box role="group" aria-labelledby={headingId} sx={{ px: 1 }}>
      <Typography id={headingId} component="p" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Slider
        value={[Math.max(0, value[0]), Math.min(top, value[1])]}
        min={0}
        max={top}
        step={step}
        disableSwap
        getAriaLabel={(index) => THUMB_NAMES[index] ?? label}
        getAriaValueText={(amount) => showUsd(amount, money)}
        onChange={(_, next) => onChange(asPair(next))}
        onChangeCommitted={(_, next) => onCommit(asPair(next))}
      />
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {showUsd(Math.max(0, value[0]), money)} – {showUsd(Math.min(top, value[1]), money)}
      </Typography>
    </Box>
  );
}
