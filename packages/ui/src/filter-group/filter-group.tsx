/** One listing filter (category, brand, status...): its options with product counts; one may be chosen. */
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Link from "@mui/material/Link";
import { styled } from "@mui/material/styles";
import { useId, useState } from "react";
import { PlainLink } from "#internal/plain-link.tsx";
import { textOf } from "#internal/text.ts";
import { visuallyHidden } from "#internal/visually-hidden.ts";
import { focusRing } from "../theme.ts";

export interface FilterOption {
  value: string;
  label: string;
  /** Products the listing would show with this option. */
  count: number;
  /** A colour's "#RRGGBB", shown as a swatch before the label. */
  swatch?: string | null;
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
  /**
   * How many options show until the shopper asks for all: the ones with the most products, in their given order
   * (and the chosen one). Unset, every option shows.
   */
  shown?: number;
}

/**
 * The options a folded group shows: the `shown` with the most products (ties by their order), in the options' own
 * order, and the chosen one wherever it is. Every option when folding would hide fewer than two.
 */
export function foldedOptions(
  options: FilterOption[],
  shown: number,
  selected: string | null,
): FilterOption[] {
  if (options.length <= shown + 1) return options;
  const ranked = options
    .map((option, index) => ({ option, index }))
    .sort((a, b) => b.option.count - a.option.count || a.index - b.index)
    .slice(0, shown);
  const kept = new Set(ranked.map(({ option }) => option.value));
  if (selected !== null) kept.add(selected);
  return options.filter((option) => kept.has(option.value));
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
  "& .label": { display: "inline-flex", alignItems: "center", gap: theme.spacing(1) },
  "& .swatch": {
    width: 16,
    height: 16,
    borderRadius: "50%",
    flexShrink: 0,
    boxShadow: `inset 0 0 0 1px ${theme.palette.text.secondary}`,
  },
  "& .visually-hidden": visuallyHidden,
  "& > .more": {
    ...textOf(theme, "body2"),
    marginTop: theme.spacing(0.5),
    padding: theme.spacing(0.75, 1),
    border: 0,
    background: "none",
    cursor: "pointer",
    fontWeight: 600,
    color: theme.palette.primary.main,
    "&:hover": { textDecoration: "underline" },
    "&:focus-visible": focusRing,
  },
}));

export function FilterGroup({
  title,
  options,
  selected,
  onSelect,
  getHref,
  component: Title = "h3",
  shown,
}: FilterGroupProps) {
  const headingId = useId();
  const listId = useId();
  const [unfolded, setUnfolded] = useState(false);
  const listed = shown === undefined || unfolded ? options : foldedOptions(options, shown, selected);
  const foldable = shown !== undefined && options.length > shown + 1;
  const choose = (value: string | null) => () => onSelect?.(value);
  const content = (option: FilterOption) => (
    <>
      <span className="label">
        {option.swatch && <span className="swatch" style={{ backgroundColor: option.swatch }} aria-hidden />}
        {option.label}
      </span>
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
        <ul id={listId}>
          {listed.map((option) => {
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
      {foldable && (
        <button
          type="button"
          className="more"
          aria-expanded={unfolded}
          aria-controls={listId}
          onClick={() => setUnfolded(!unfolded)}
        >
          {unfolded ? "Show fewer" : `Show all ${options.length}`}
          <span className="visually-hidden">{` ${title} options`}</span>
        </button>
      )}
    </Root>
  );
}
