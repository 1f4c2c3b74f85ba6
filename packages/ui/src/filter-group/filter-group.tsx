/** One listing filter (category, brand, status...): its options with product counts; one may be chosen. */
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Link from "@mui/material/Link";
import { styled } from "@mui/material/styles";
import { useId } from "react";
import { PlainLink } from "#internal/plain-link.tsx";
import { textOf } from "#internal/text.ts";
import { visuallyHidden } from "#internal/visually-hidden.ts";
import { focusRing } from "../theme.ts";

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

/**
 * The group's styles in one rule, options as plain list items: a listing's sidebar shows some thirty-five options,
 * so each is a bare link (or button) in an <li>, not a styled component of its own.
 */
const Root = styled("section")(({ theme }) => ({
  "& > .head": {
    display: "flex",
    alignItems: "baseline",
    justifyContent: "space-between",
    marginBottom: theme.spacing(1),
  },
  "& > .head > .title": { ...textOf(theme, "h4"), margin: 0 },
  "& > .empty": { ...textOf(theme, "body2"), margin: 0 },
  "& > ul": { listStyle: "none", padding: 0, margin: 0 },
  "& .option": {
    width: "100%",
    display: "flex",
    justifyContent: "space-between",
    gap: theme.spacing(1),
    padding: theme.spacing(0.75, 1),
    borderRadius: theme.shape.borderRadius,
    font: "inherit",
    textAlign: "left",
    color: theme.palette.text.primary,
    textDecoration: "none",
    "&:hover": { backgroundColor: theme.palette.action.hover },
    "&:focus-visible": focusRing,
    "&[aria-current='true'], &[aria-pressed='true']": { fontWeight: 700, color: theme.palette.primary.main },
  },
  "& .count": { color: theme.palette.text.secondary, fontWeight: 400 },
  "& .visually-hidden": visuallyHidden,
}));

export function FilterGroup({
  title,
  options,
  selected,
  onSelect,
  getHref,
  component: Title = "h3",
}: FilterGroupProps) {
  const headingId = useId();
  const choose = (value: string | null) => () => onSelect?.(value);
  const content = (option: FilterOption) => (
    <>
      <span>{option.label}</span>
      <span className="count">
        {option.count}
        <span className="visually-hidden">{option.count === 1 ? " product" : " products"}</span>
      </span>
    </>
  );
  return (
    <Root aria-labelledby={headingId}>
      <div className="head">
        <Title id={headingId} className="title">
          {title}
        </Title>
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
      </div>
      {options.length === 0 ? (
        <p className="empty">Nothing to choose from here.</p>
      ) : (
        <ul>
          {options.map((option) => {
            const isSelected = option.value === selected;
            return (
              <li key={option.value}>
                {getHref ? (
                  <PlainLink
                    href={getHref(option.value)}
                    onClick={choose(option.value)}
                    aria-current={isSelected ? "true" : undefined}
                    className="option"
                  >
                    {content(option)}
                  </PlainLink>
                ) : (
                  <ButtonBase aria-pressed={isSelected} onClick={choose(option.value)} className="option">
                    {content(option)}
                  </ButtonBase>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Root>
  );
}
