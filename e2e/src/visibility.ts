/**
 * The check beyond sideways scrolling, shared by both apps' route sweeps: every named control and table cell a page
 * shows lies within the window's width (not cut at its edge, not past the edge of a box that scrolls sideways) and,
 * once scrolled into view, is what a tap at its centre reaches, not something drawn over it (a toast, a bar, a panel).
 */
import type { Page } from "playwright-core";

/** What a shopper or staff member acts on or reads off a page that carries data. */
export const SEEN_SELECTOR = [
  "a[href]",
  "button",
  "input:not([type=hidden])",
  "select",
  "textarea",
  ...["button", "link", "tab", "checkbox", "radio", "switch", "menuitem", "combobox", "slider"].map(
    (role) => `[role=${role}]`,
  ),
  "td",
  "th",
].join(", ");

/**
 * The controls and cells of the page that are not seen whole: each as `<tag> "<its name>" <why>`, where why is
 * "outside the window (left..right)", "cut by <box>, which scrolls sideways" or "covered by <what>". Hidden ones (not displayed, invisible, transparent,
 * aria-hidden, inert, visually hidden for screen readers) are left out, as are ones `within` does not hold.
 * The page is scrolled through a third of a screen at a time, and back to the top.
 */
export function unseen(page: Page, within = "body"): Promise<string[]> {
  return page.evaluate(
    ({ selector, within }) => {
      const width = document.documentElement.clientWidth;
      const height = window.innerHeight;
      const name = (element: Element) => {
        const text =
          element.getAttribute("aria-label") ||
          // biome-ignore lint/performance/useDomNodeTextContent: the words as shown, hidden parts left out
          (element as HTMLElement).innerText?.trim() ||
          element.getAttribute("title") ||
          element.getAttribute("placeholder") ||
          element.getAttribute("name") ||
          "";
        return `${element.tagName.toLowerCase()} "${text.replace(/\s+/g, " ").slice(0, 40)}"`;
      };
      const hidden = (element: Element) => {
        if (element.closest('[aria-hidden="true"], [inert]')) return true;
        if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return true;
        let { left, right, top, bottom } = element.getBoundingClientRect();
        // Up to the body: a page that hides its sideways overflow on the whole document still cuts what sticks out.
        for (let box: Element | null = element; box && box !== document.body; box = box.parentElement) {
          const style = getComputedStyle(box);
          // Visually hidden, for screen readers only: clipped to nothing.
          if (style.clip === "rect(0px, 0px, 0px, 0px)" || style.clipPath === "inset(50%)") return true;
          // Clipped away by a box that hides its overflow (a collapsed toolbar, a slider's other slides). A box that
          // scrolls does not hide: what it holds past its edge is cut (below).
          if (box !== element) {
            const clip = box.getBoundingClientRect();
            if (/hidden|clip/.test(style.overflowX))
              [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
            if (/hidden|clip/.test(style.overflowY))
              [top, bottom] = [Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
          }
          if (right - left < 2 || bottom - top < 2) return true;
        }
        return false;
      };
      const candidates = [...document.querySelectorAll(within)]
        .flatMap((root) => [...root.querySelectorAll(selector)])
        .filter((element) => !hidden(element));
      /** The box that scrolls sideways and cuts the element at its edge, if one does. */
      const cutBy = (element: Element, box: DOMRect) => {
        for (
          let parent = element.parentElement;
          parent && parent !== document.body;
          parent = parent.parentElement
        ) {
          if (!/auto|scroll/.test(getComputedStyle(parent).overflowX)) continue;
          const left = parent.getBoundingClientRect().left + parent.clientLeft;
          if (box.left < left - 1 || box.right > left + parent.clientWidth + 1) return parent;
        }
        return null;
      };
      const problems = new Map<Element, string>();
      for (const element of candidates) {
        const box = element.getBoundingClientRect();
        const span = `${Math.round(box.left)}..${Math.round(box.right)}`;
        if (box.left < -1 || box.right > width + 1) problems.set(element, `outside the window (${span})`);
        else {
          const scroller = cutBy(element, box);
          if (scroller) problems.set(element, `cut by ${name(scroller)}, which scrolls sideways (${span})`);
        }
      }
      // Covered: seen at some scroll position where it is whole in view, or it is covered.
      const waiting = new Set(candidates.filter((element) => !problems.has(element)));
      const cover = new Map<Element, string>();
      const end = Math.max(0, document.documentElement.scrollHeight - height);
      const step = Math.max(1, Math.floor(height / 3));
      const positions = [];
      for (let y = 0; y < end; y += step) positions.push(y);
      positions.push(end);
      for (const y of positions) {
        if (waiting.size === 0) break;
        window.scrollTo({ top: y, behavior: "instant" });
        for (const element of waiting) {
          const box = element.getBoundingClientRect();
          const whole = box.top >= 0 && box.bottom <= height;
          // Taller than the window: its middle is what is seen.
          const tall = box.height > height && box.top < height / 2 && box.bottom > height / 2;
          if (!whole && !tall) continue;
          const x = Math.min(Math.max(box.left + box.width / 2, 0), width - 1);
          const middle = tall ? height / 2 : box.top + box.height / 2;
          const hit = document.elementFromPoint(x, middle);
          if (!hit || hit === element || element.contains(hit) || hit.contains(element)) {
            waiting.delete(element);
            cover.delete(element);
          } else cover.set(element, name(hit.closest("[role], button, a, header, [class]") ?? hit));
        }
      }
      window.scrollTo({ top: 0, behavior: "instant" });
      for (const [element, by] of cover) problems.set(element, `covered by ${by}`);
      return [...problems].map(([element, why]) => `${name(element)} ${why}`).slice(0, 20);
    },
    { selector: SEEN_SELECTOR, within },
  );
}
