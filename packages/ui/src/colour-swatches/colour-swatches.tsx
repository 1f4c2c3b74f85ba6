/** A product's colours as a labelled radio group of round swatches; arrow keys move between them. */
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { visuallyHidden } from "#internal/visually-hidden.ts";

export interface Colour {
  name: string;
  /** "#RRGGBB" */
  clrCode: string;
}

export interface ColourSwatchesProps {
  colours: Colour[];
  /** The chosen colour's clrCode, or null when none is chosen. */
  value: string | null;
  onChange: (clrCode: string) => void;
  /** The group's name, shown before the chosen colour's name. */
  label?: string;
}

const same = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();

/** Colours once each, in order (a product lists one image per colour, and may repeat one). */
export function uniqueColours(colours: (Colour | null | undefined)[]): Colour[] {
  const seen = new Set<string>();
  const result: Colour[] = [];
  for (const colour of colours) {
    if (!colour || seen.has(colour.clrCode.toLowerCase())) continue;
    seen.add(colour.clrCode.toLowerCase());
    result.push(colour);
  }
  return result;
}

export function ColourSwatches({ colours, value, onChange, label = "Colour" }: ColourSwatchesProps) {
  const name = useId();
  const chosen = colours.find((c) => same(value, c.clrCode));
  if (colours.length === 0) return null;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minInlineSize: 0 }}>
      <Typography component="legend" variant="body2" sx={{ p: 0, mb: 1 }}>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {label}
        </Box>
        {chosen ? `: ${chosen.name}` : ""}
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
        {colours.map((colour) => {
          const checked = same(value, colour.clrCode);
          return (
            <Box component="label" key={colour.clrCode} title={colour.name} sx={{ cursor: "pointer" }}>
              <Box
                component="input"
                type="radio"
                name={name}
                value={colour.clrCode}
                checked={checked}
                onChange={() => onChange(colour.clrCode)}
                sx={{
                  ...visuallyHidden,
                  "&:focus-visible + span": {
                    outline: "3px solid",
                    outlineColor: "primary.main",
                    outlineOffset: 2,
                  },
                }}
              />
              <Box
                component="span"
                sx={{
                  display: "block",
                  width: 32,
                  height: 32,
                  borderRadius: "50%",
                  bgcolor: colour.clrCode,
                  // A grey rim keeps white and pale swatches visible; the chosen one gets a thick ring.
                  boxShadow: checked
                    ? (theme) =>
                        `0 0 0 2px ${theme.palette.background.paper}, 0 0 0 4px ${theme.palette.text.primary}`
                    : (theme) => `inset 0 0 0 1px ${theme.palette.text.secondary}`,
                }}
              />
              <Box component="span" sx={visuallyHidden}>
                {colour.name}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
