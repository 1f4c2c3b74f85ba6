/** How many to add: minus and plus buttons around a number, never below 1 (nor above the stock). */
import AddIcon from "@mui/icons-material/Add";
import RemoveIcon from "@mui/icons-material/Remove";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";

export function Quantity({
  value,
  max,
  onChange,
}: {
  value: number;
  max?: number;
  onChange(value: number): void;
}) {
  const clamp = (n: number) =>
    Math.max(1, Math.min(max && max > 0 ? max : Number.MAX_SAFE_INTEGER, Math.floor(n) || 1));
  return (
    <Box
      sx={{
        display: "inline-flex",
        alignItems: "center",
        border: 1,
        borderColor: "divider",
        borderRadius: 1,
      }}
    >
      <IconButton aria-label="One less" onClick={() => onChange(clamp(value - 1))} disabled={value <= 1}>
        <RemoveIcon />
      </IconButton>
      <Box
        component="input"
        type="number"
        inputMode="numeric"
        aria-label="Quantity"
        min={1}
        max={max}
        value={value}
        onChange={(event) => onChange(clamp(Number((event.target as HTMLInputElement).value)))}
        sx={{
          width: 48,
          textAlign: "center",
          font: "inherit",
          border: 0,
          bgcolor: "transparent",
          color: "text.primary",
          MozAppearance: "textfield",
        }}
      />
      <IconButton
        aria-label="One more"
        onClick={() => onChange(clamp(value + 1))}
        disabled={max !== undefined && value >= max}
      >
        <AddIcon />
      </IconButton>
    </Box>
  );
}
