/**
 * The banners of one place as a slider: every banner a slide (its words as text over its picture), one shown at a
 * time, with arrows, a dot per slide, swipes on touch screens and a pause button. It moves on by itself every
 * `intervalMs`, except while the pointer is over it or focus is in it, and not at all for shoppers who ask for
 * reduced motion (unless they press play). The first render, on the server as in the browser, shows the first
 * slide; the browser's clock and preferences only act after hydration. One banner is drawn without controls.
 */
import { styled } from "@mui/material/styles";
import { type FocusEvent, type TouchEvent, useEffect, useRef, useState } from "react";
import { type BannerContent, HeroBanner } from "#hero-banner/hero-banner.tsx";
import { NavigateBeforeIcon, NavigateNextIcon, PauseIcon, PlayArrowIcon } from "#icons/icons.tsx";

export interface BannerSliderProps {
  banners: (BannerContent & { id: string })[];
  /** The slider's name for assistive technology. */
  label?: string;
  /** How long each slide shows before the next, in ms. */
  intervalMs?: number;
  /** The first slide's picture is the page's LCP image. */
  priority?: boolean;
  /** The heading level of the slides' titles. */
  component?: "h1" | "h2" | "h3";
}

export const SLIDE_INTERVAL_MS = 6000;
/** A horizontal move of the finger longer than this (px) is a swipe. */
const SWIPE_PX = 40;

/** "auto": plays unless reduced motion is asked for; "paused" and "playing": the shopper's own choice. */
type PlayState = "auto" | "paused" | "playing";

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

/**
 * One style rule for the slider, its parts plain elements named by class: every `sx` would be a rule of its own,
 * serialised again for each control as the page is taken over.
 */
const Root = styled("section")(({ theme }) => ({
  "& > .viewport": {
    overflow: "hidden",
    borderRadius: Number(theme.shape.borderRadius) * 2,
    touchAction: "pan-y",
  },
  "& .track": {
    display: "flex",
    transition: "transform 0.5s ease",
    "@media (prefers-reduced-motion: reduce)": { transition: "none" },
  },
  "& .slide": { flex: "0 0 100%", minWidth: 0 },
  "& > .controls": {
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    gap: theme.spacing(0.5),
    marginTop: theme.spacing(1),
  },
  "& .controls > button": {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    width: 44,
    height: 44,
    padding: 0,
    border: 0,
    borderRadius: "50%",
    backgroundColor: "transparent",
    color: theme.palette.text.primary,
    cursor: "pointer",
    "&:hover": { backgroundColor: theme.palette.action.hover },
  },
  "& .controls > button.dot": {
    width: 32,
    "&::before": {
      content: '""',
      width: 12,
      height: 12,
      borderRadius: "50%",
      border: "2px solid",
      borderColor: theme.palette.text.secondary,
    },
    "&[aria-current]::before": {
      backgroundColor: theme.palette.text.primary,
      borderColor: theme.palette.text.primary,
    },
  },
}));

export function BannerSlider({
  banners,
  label = "Offers",
  intervalMs = SLIDE_INTERVAL_MS,
  priority = false,
  component = "h2",
}: BannerSliderProps) {
  const [index, setIndex] = useState(0);
  const [playState, setPlayState] = useState<PlayState>("auto");
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const touch = useRef<{ x: number; y: number } | null>(null);
  const count = banners.length;
  const current = Math.min(index, Math.max(0, count - 1));
  const wantsPlay = playState === "playing" || (playState === "auto" && !reducedMotion);
  const playing = count > 1 && wantsPlay && !hovered && !focused;

  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [playing, current, count, intervalMs]);

  if (count === 0) return null;
  if (count === 1) {
    return <HeroBanner banner={banners[0]!} priority={priority} component={component} />;
  }

  const go = (to: number) => setIndex((to + count) % count);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  const onTouchStart = (event: TouchEvent) => {
    const t = event.touches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touch.current;
    const t = event.changedTouches[0];
    touch.current = null;
    if (!start || !t) return;
    const dx = t.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(t.clientY - start.y))
      go(current + (dx < 0 ? 1 : -1));
  };

  return (
    <Root
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className="viewport" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <div
          className="track"
          aria-live={playing ? "off" : "polite"}
          style={{ transform: `translateX(${-100 * current}%)` }}
        >
          {banners.map((banner, i) => (
            // biome-ignore lint/a11y/useSemanticElements: a slide is a group (WAI-ARIA's carousel pattern), not a form's fieldset
            <div
              key={banner.id}
              className="slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              data-current={i === current ? "" : undefined}
              inert={i !== current}
            >
              <HeroBanner banner={banner} priority={priority && i === 0} component={component} />
            </div>
          ))}
        </div>
      </div>
      <div className="controls">
        <button type="button" aria-label="Previous slide" onClick={() => go(current - 1)}>
          <NavigateBeforeIcon />
        </button>
        {banners.map((banner, i) => (
          <button
            key={banner.id}
            type="button"
            className="dot"
            aria-label={`Show slide ${i + 1}: ${banner.title}`}
            aria-current={i === current ? "true" : undefined}
            onClick={() => go(i)}
          />
        ))}
        <button type="button" aria-label="Next slide" onClick={() => go(current + 1)}>
          <NavigateNextIcon />
        </button>
        <button
          type="button"
          aria-label={wantsPlay ? "Pause slides" : "Play slides"}
          onClick={() => setPlayState(wantsPlay ? "paused" : "playing")}
        >
          {wantsPlay ? <PauseIcon /> : <PlayArrowIcon />}
        </button>
      </div>
    </Root>
  );
}
