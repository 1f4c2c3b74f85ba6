/**
 * A lower section of a long page, rendered once it comes within half a screen's height of the view: before the
 * shopper scrolls, the first screen does not pay for what is far below it (a phone's main thread is the first
 * screen's bottleneck). Until then an empty block of `minHeight` holds its place, so the page's length and the
 * scroll position hardly move when it appears.
 */
import Box from "@mui/material/Box";
import { type ReactNode, useEffect, useRef, useState, useTransition } from "react";

export function WhenNear({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const [near, setNear] = useState(false);
  // Between coming near and being drawn, the placeholder says it is loading (as every loading part of a page does).
  const [drawing, startTransition] = useTransition();
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        // Rendered in slices between the browser's other work, so scrolling stays smooth.
        startTransition(() => setNear(true));
      },
      { rootMargin: "50% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (near) return children;
  return <Box ref={placeholder} aria-busy={drawing || undefined} sx={{ minHeight }} />;
}
