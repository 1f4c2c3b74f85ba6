/** One listing filter (category, brand, status...): its options with product counts; one may be chosen. */
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { visuallyHidden } from "#internal/visually-hidden.ts";

export interface FilterOption {
  value: string;
  label: string;
  /** Products the listing would show with this option. */
  count: number;
}

export interface FilterGroupProps {
  title: string;
  options: FilterOption[];
  selected: string | null;
  /** Called with the option chosen, or null when the choice is cleared. */
  onSelect?: (value: string | null) => void;
  /** When given, options are links (so the listing's URL holds the filter); null is the link that clears it. */
  getHref?: (value: string | null) => string;
  /** The heading level of the title. */
  component?: "h2" | "h3" | "h4";
}

const optionSx = {
  width: "100%",
  display: "flex",
  justifyContent: "space-between",
  gap: 1,
  py: 0.75,
  px: 1,
  borderRadius: 1,
  font: "inherit",
  textAlign: "left",
  color: "text.primary",
  textDecoration: "none",
  "&:hover": { bgcolor: "action.hover" },
  "&[aria-current='true'], &[aria-pressed='true']": { fontWeight: 700, color: "primary.main" },
} as const;

export function FilterGroup({
  title,
  options,
  selected,
  onSelect,
  getHref,
  component = "h3",
}: FilterGroupProps) {
  const headingId = useId();
  const choose = (value: string | null) => () => onSelect?.(value);
  const content = (option: FilterOption) => (
    <>
      <span>{option.label}</span>
      <Box component="span" sx={{ color: "text.secondary", fontWeight: 400 }}>
        {option.count}
        <Box component="span" sx={visuallyHidden}>
          {option.count === 1 ? " product" : " products"}
        </Box>
      </Box>
    </>
  );
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: "flex", alignItems: "baseline", justifyContent: "space-between", mb: 1 }}>
        <Typography id={headingId} component={component} variant="h4">
          {title}
        </Typography>
        {selected !== null &&
          (getHref ? (
            <Link href={getHref(null)} onClick={choose(null)} variant="body2">
              Clear<Box component="span" sx={visuallyHidden}>{` ${title} filter`}</Box>
            </Link>
          ) : (
            <ButtonBase
              onClick={choose(null)}
              sx={{ color: "primary.main", typography: "body2", fontWeight: 600 }}
            >
              Clear<Box component="span" sx={visuallyHidden}>{` ${title} filter`}</Box>
            </ButtonBase>
          ))}
      </Box>
      {options.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing to choose from here.
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
          {options.map((option) => {
            const isSelected = option.value === selected;
            return (
              <li key={option.value}>
                {getHref ? (
                  <Link
                    href={getHref(option.value)}
                    onClick={choose(option.value)}
                    aria-current={isSelected ? "true" : undefined}
                    underline="none"
                    sx={optionSx}
                  >
                    {content(option)}
                  </Link>
                ) : (
                  <ButtonBase aria-pressed={isSelected} onClick={choose(option.value)} sx={optionSx}>
                    {content(option)}
                  </ButtonBase>
                )}
              </li>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
