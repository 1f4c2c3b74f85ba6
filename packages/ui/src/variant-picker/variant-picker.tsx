/**
 * A product's options (colour, size, or whatever the data names) as one labelled radio group each: colours as round
 * swatches, other values as boxes. Each value says whether it can be bought with the other choices made; a sold-out
 * value can still be chosen (the page then says so and offers to notify), and arrow keys move within a group.
 */
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { OptionState, OptionValueState } from "@shop/domain/variants";
import { useId } from "react";
import { visuallyHidden } from "#internal/visually-hidden.ts";

export interface VariantPickerProps {
  /** Every option's state for the current choice (`getProductOptions` of @shop/domain/variants). */
  options: OptionState[];
  onChange: (name: string, value: string) => void;
  /** Options the shopper was asked to choose and has not ("Choose a size"), flagged with that message. */
  missing?: { name: string; message: string } | null;
  /** Smaller values, for the quick view. */
  dense?: boolean;
}

/** How a value is read out after its name: nothing when it can be bought. */
function stateWord(value: OptionValueState): string {
  if (value.available) return "";
  return value.exists ? "sold out" : "unavailable";
}

const focusRing = {
  "&:focus-visible + span": { outline: "3px solid", outlineColor: "primary.main", outlineOffset: 2 },
} as const;

/** A diagonal stroke over a value that cannot be bought. */
const struck = {
  content: '""',
  position: "absolute",
  inset: 0,
  background:
    "linear-gradient(to top left, transparent calc(50% - 1px), currentColor 50%, transparent calc(50% + 1px))",
  opacity: 0.55,
  pointerEvents: "none",
} as const;

function Value({
  option,
  value,
  group,
  dense,
  onChange,
}: {
  option: OptionState;
  value: OptionValueState;
  group: string;
  dense: boolean;
  onChange: VariantPickerProps["onChange"];
}) {
  const word = stateWord(value);
  const swatch = option.swatches && value.clrCode !== null;
  const size = dense ? 28 : 36;
  return (
    <Box component="label" title={word ? `${value.value} (${word})` : value.value} sx={{ cursor: "pointer" }}>
      <Box
        component="input"
        type="radio"
        name={group}
        value={value.slug}
        checked={value.selected}
        onChange={() => onChange(option.name, value.value)}
        aria-label={word ? `${value.value}, ${word}` : value.value}
        sx={{ ...visuallyHidden, ...focusRing }}
      />
      {swatch ? (
        <Box
          component="span"
          aria-hidden
          data-available={value.available}
          sx={{
            position: "relative",
            display: "block",
            width: size,
            height: size,
            borderRadius: "50%",
            overflow: "hidden",
            bgcolor: value.clrCode,
            color: "text.primary",
            opacity: value.available ? 1 : 0.6,
            boxShadow: value.selected
              ? (theme) =>
                  `0 0 0 2px ${theme.palette.background.paper}, 0 0 0 4px ${theme.palette.text.primary}`
              : (theme) => `inset 0 0 0 1px ${theme.palette.text.secondary}`,
            "&::after": value.available ? undefined : struck,
          }}
        />
      ) : (
        <Box
          component="span"
          aria-hidden
          data-available={value.available}
          sx={{
            position: "relative",
            display: "inline-flex",
            alignItems: "center",
            justifyContent: "center",
            minWidth: dense ? 40 : 48,
            height: dense ? 32 : 40,
            px: 1.25,
            border: value.selected ? 2 : 1,
            borderColor: value.selected ? "text.primary" : "divider",
            borderRadius: 1,
            fontWeight: value.selected ? 700 : 500,
            overflow: "hidden",
            color: value.available ? "text.primary" : "text.secondary",
            bgcolor: value.available ? "background.paper" : "action.hover",
            "&::after": value.available ? undefined : struck,
          }}
        >
          {value.value}
        </Box>
      )}
    </Box>
  );
}

function Option({
  option,
  missing,
  dense,
  onChange,
}: {
  option: OptionState;
  missing: string | null;
  dense: boolean;
  onChange: VariantPickerProps["onChange"];
}) {
  const group = useId();
  const chosen = option.values.find((v) => v.selected);
  const chosenWord = chosen ? stateWord(chosen) : "";
  return (
    <Box
      component="fieldset"
      aria-invalid={missing ? true : undefined}
      aria-describedby={missing ? `${group}-missing` : undefined}
      sx={{ border: 0, p: 0, m: 0, minInlineSize: 0 }}
    >
      <Typography component="legend" variant="body2" sx={{ p: 0, mb: 1 }}>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {option.name}
        </Box>
        {chosen ? `: ${chosen.value}` : ""}
        {chosenWord && (
          <Box component="span" sx={{ color: "error.main" }}>
            {` (${chosenWord})`}
          </Box>
        )}
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
        {option.values.map((value) => (
          <Value
            key={value.value}
            option={option}
            value={value}
            group={group}
            dense={dense}
            onChange={onChange}
          />
        ))}
      </Box>
      {missing && (
        <Typography
          id={`${group}-missing`}
          role="alert"
          variant="body2"
          sx={{ color: "error.main", mt: 0.5 }}
        >
          {missing}
        </Typography>
      )}
    </Box>
  );
}

export function VariantPicker({ options, onChange, missing = null, dense = false }: VariantPickerProps) {
  if (options.length === 0) return null;
  return (
    <Box sx={{ display: "grid", gap: dense ? 1.5 : 2 }}>
      {options.map((option) => (
        <Option
          key={option.name}
          option={option}
          missing={missing?.name === option.name ? missing.message : null}
          dense={dense}
          onChange={onChange}
        />
      ))}
    </Box>
  );
}
