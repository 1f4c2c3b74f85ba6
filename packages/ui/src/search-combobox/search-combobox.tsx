/**
 * The header's search field with its suggestions, as a WAI-ARIA combobox (list autocomplete): the field is the
 * combobox, the suggestions a listbox of products and categories that arrow keys move through while focus stays
 * in the field (aria-activedescendant). Enter opens the highlighted suggestion, or with none the full results;
 * Escape closes the list and keeps the text; a polite live region says how many suggestions there are. It fetches
 * nothing: the app hands it the suggestions for the text and their state.
 */
import ButtonBase from "@mui/material/ButtonBase";
import { styled } from "@mui/material/styles";
import { counted } from "@shop/domain/messages";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { MoneyProps } from "#internal/money.ts";
import { textOf } from "#internal/text.ts";
import { visuallyHidden } from "#internal/visually-hidden.ts";
import { SearchIcon } from "../icons/icons.tsx";
import { Price } from "../price/price.tsx";

export interface SuggestedProduct {
  id: string;
  title: string;
  /** The thumbnail's address; null when the product has no picture. */
  image: string | null;
  /** Decimal USD, as the API sends it. */
  price: number;
  /** Percent off, 0 when none. */
  discount?: number;
  /** Where choosing it goes (the product's page). */
  href: string;
}

export interface SuggestedCategory {
  id: string;
  name: string;
  /** Where choosing it goes (the listing of that category). */
  href: string;
}

/** idle: too little typed to ask; loading: asked, no answer yet; ready: the answer is in the props; error. */
export type SuggestionStatus = "idle" | "loading" | "ready" | "error";

export interface SearchComboboxProps {
  value: string;
  onValueChange(value: string): void;
  /** Enter (or the button) with no suggestion highlighted: the full results for the text. */
  onSubmit(text: string): void;
  /** A suggestion chosen (Enter on the highlighted one, or a click): its `href`. */
  onOpen(href: string): void;
  products: readonly SuggestedProduct[];
  categories: readonly SuggestedCategory[];
  status: SuggestionStatus;
  /** The shopper's currency and rate; null while a DOP rate loads (prices are left out until then). */
  money: MoneyProps | null;
  /** How many characters the text needs before suggestions are shown. */
  minChars?: number;
  autoFocus?: boolean;
  /** The field's accessible name and placeholder. */
  label?: string;
}

const THUMB = 48;
/** An empty square for a product without a picture (the box keeps the titles aligned). */
const PLACEHOLDER = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'/%3E";

// One style rule for the bar and its popup; the parts are plain elements named by class.
const Root = styled("form")(({ theme }) => ({
  position: "relative",
  display: "flex",
  gap: theme.spacing(1),
  padding: theme.spacing(1.5, 0),
  "& > input": {
    ...textOf(theme, "body1"),
    font: "inherit",
    flex: 1,
    minWidth: 0,
    padding: theme.spacing(1, 1.5),
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: theme.shape.borderRadius,
    background: theme.palette.background.paper,
    color: theme.palette.text.primary,
    "&:focus-visible": { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 0 },
  },
  "& > .submit": {
    width: 40,
    borderRadius: theme.shape.borderRadius,
    background: theme.palette.primary.main,
    color: theme.palette.primary.contrastText,
    "&:hover": { background: theme.palette.primary.dark },
    "&.Mui-focusVisible": { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  },
  "& .visually-hidden": visuallyHidden,
  "& > .popup": {
    position: "absolute",
    top: "100%",
    left: 0,
    right: 0,
    zIndex: theme.zIndex.modal,
    marginTop: theme.spacing(-0.5),
    maxHeight: "min(70vh, 36rem)",
    overflowY: "auto",
    background: theme.palette.background.paper,
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: theme.shape.borderRadius,
    boxShadow: theme.shadows[8],
  },
  "& .message": { ...textOf(theme, "body2"), margin: 0, padding: theme.spacing(1.5, 2) },
  "& .message[data-status='error']": { color: theme.palette.error.main },
  "& [role='listbox']": { margin: 0, padding: theme.spacing(0.5, 0) },
  "& [role='group'] + [role='group']": { borderTop: `1px solid ${theme.palette.divider}` },
  "& .heading": {
    ...textOf(theme, "body2"),
    margin: 0,
    padding: theme.spacing(1, 2, 0.5),
    fontWeight: 700,
    color: theme.palette.text.secondary,
  },
  "& [role='option']": {
    display: "flex",
    alignItems: "center",
    gap: theme.spacing(1.5),
    minHeight: 44,
    padding: theme.spacing(0.75, 2),
    cursor: "pointer",
    color: theme.palette.text.primary,
    ...textOf(theme, "body2"),
  },
  "& [role='option'][aria-selected='true']": {
    background: theme.palette.action.selected,
    outline: `2px solid ${theme.palette.primary.main}`,
    outlineOffset: -2,
  },
  "& [role='option']:hover": { background: theme.palette.action.hover },
  "& [role='option'] > img": {
    flex: "none",
    width: THUMB,
    height: THUMB,
    objectFit: "cover",
    borderRadius: theme.shape.borderRadius,
    background: theme.palette.grey[100],
  },
  "& [role='option'] > .text": { display: "grid", minWidth: 0, gap: 2 },
  "& [role='option'] .title": {
    overflow: "hidden",
    textOverflow: "ellipsis",
    whiteSpace: "nowrap",
    fontWeight: 600,
  },
}));

interface Option {
  key: string;
  href: string;
}

/** The announcement for a list of suggestions (read once the list settles). */
export function suggestionsSummary(products: number, categories: number): string {
  if (products + categories === 0) return "No suggestions";
  const parts = [
    products > 0 && counted(products, "product", "products"),
    categories > 0 && counted(categories, "category", "categories"),
  ].filter(Boolean);
  return `${parts.join(" and ")} suggested, use the up and down arrows to choose`;
}

export function SearchCombobox({
  value,
  onValueChange,
  onSubmit,
  onOpen,
  products,
  categories,
  status,
  money,
  minChars = 2,
  autoFocus = false,
  label = "Search products",
}: SearchComboboxProps) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const inputRef = useRef<HTMLInputElement>(null);
  // Closed by Escape, a choice or leaving the field; opened again by typing or an arrow key.
  const [dismissed, setDismissed] = useState(false);
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(-1);

  const options: Option[] = [
    ...products.map((p) => ({ key: `product-${p.id}`, href: p.href })),
    ...categories.map((c) => ({ key: `category-${c.id}`, href: c.href })),
  ];
  const optionId = (index: number) => `${id}-option-${index}`;
  const enough = value.trim().length >= minChars;
  const showPopup = focused && !dismissed && enough && status !== "idle";
  const expanded = showPopup && status === "ready" && options.length > 0;
  const highlighted = expanded && active >= 0 && active < options.length ? active : -1;

  // A new list highlights nothing: Enter then searches for the text as typed.
  const listKey = options.map((o) => o.key).join(" ");
  useEffect(() => setActive(-1), [listKey]);

  // The highlighted option stays in view when the popup scrolls.
  useEffect(() => {
    if (highlighted < 0) return;
    document.getElementById(optionId(highlighted))?.scrollIntoView?.({ block: "nearest" });
  });

  const announcement = !enough
    ? ""
    : status === "loading"
      ? ""
      : status === "error"
        ? "Suggestions could not be loaded"
        : status === "ready"
          ? suggestionsSummary(products.length, categories.length)
          : "";

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (options.length === 0 || status !== "ready" || !enough) return;
      event.preventDefault();
      if (!expanded) {
        setDismissed(false);
        setActive(event.key === "ArrowDown" ? 0 : options.length - 1);
        return;
      }
      const step = event.key === "ArrowDown" ? 1 : -1;
      // From the last down to the first and back up: wrapping, as most shops' search boxes do.
      setActive((current) =>
        current < 0
          ? step > 0
            ? 0
            : options.length - 1
          : (current + step + options.length) % options.length,
      );
    } else if (event.key === "Enter" && highlighted >= 0) {
      event.preventDefault();
      setDismissed(true);
      onOpen(options[highlighted]!.href);
    } else if (event.key === "Escape" && showPopup) {
      // The list closes and the text stays; the header's panel is not closed by the same key.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(true);
      setActive(-1);
    }
  }

  let popup: ReactNode = null;
  if (showPopup) {
    if (expanded) {
      let index = -1;
      const option = (content: ReactNode, href: string, key: string) => {
        index += 1;
        const at = index;
        return (
          // The keyboard reaches options through the field (aria-activedescendant), not one by one.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the field's arrow keys and Enter do what the click does
          <div
            key={key}
            id={optionId(at)}
            role="option"
            aria-selected={at === highlighted}
            tabIndex={-1}
            // The field keeps focus (and the keyboard) while the pointer chooses.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => at !== active && setActive(at)}
            onClick={() => {
              setDismissed(true);
              onOpen(href);
            }}
          >
            {content}
          </div>
        );
      };
      popup = (
        <div className="popup">
          <div role="listbox" id={listboxId} aria-label={`Suggestions for ${value.trim()}`}>
            {products.length > 0 && (
              // biome-ignore lint/a11y/useSemanticElements: a listbox may hold groups of options, not fieldsets
              <div role="group" aria-label="Products">
                <p className="heading" aria-hidden="true">
                  Products
                </p>
                {products.map((p) =>
                  option(
                    <>
                      <img
                        src={p.image ?? PLACEHOLDER}
                        alt=""
                        width={THUMB}
                        height={THUMB}
                        loading="lazy"
                        decoding="async"
                      />
                      <span className="text">
                        <span className="title">{p.title}</span>
                        {money && (
                          <Price price={p.price} discount={p.discount ?? 0} size="small" {...money} />
                        )}
                      </span>
                    </>,
                    p.href,
                    `product-${p.id}`,
                  ),
                )}
              </div>
            )}
            {categories.length > 0 && (
              // biome-ignore lint/a11y/useSemanticElements: a listbox may hold groups of options, not fieldsets
              <div role="group" aria-label="Categories">
                <p className="heading" aria-hidden="true">
                  Categories
                </p>
                {categories.map((c) =>
                  option(
                    <span className="text">
                      <span className="title">{c.name}</span>
                    </span>,
                    c.href,
                    `category-${c.id}`,
                  ),
                )}
              </div>
            )}
          </div>
        </div>
      );
    } else {
      const text =
        status === "loading"
          ? "Looking for suggestions…"
          : status === "error"
            ? "Suggestions could not be loaded. Press Enter to search."
            : `No suggestions for “${value.trim()}”. Press Enter to search all products.`;
      popup = (
        <div className="popup">
          <p className="message" data-status={status}>
            {text}
          </p>
        </div>
      );
    }
  }

  return (
    <Root
      role="search"
      action="/search"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        setDismissed(true);
        onSubmit(value.trim());
      }}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        // Closed once focus leaves the bar (a click on an option keeps it, see onMouseDown).
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <input
        ref={inputRef}
        name="searchText"
        type="text"
        inputMode="search"
        enterKeyHint="search"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listboxId : undefined}
        aria-activedescendant={highlighted >= 0 ? optionId(highlighted) : undefined}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={label}
        // biome-ignore lint/a11y/noAutofocus: the bar opens on the shopper's request, to be typed into
        autoFocus={autoFocus}
        maxLength={200}
        value={value}
        onChange={(event) => {
          setDismissed(false);
          onValueChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      <ButtonBase type="submit" className="submit" aria-label="Search">
        <SearchIcon />
      </ButtonBase>
      <span className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {focused ? announcement : ""}
      </span>
      {popup}
    </Root>
  );
}
