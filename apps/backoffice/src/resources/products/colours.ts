/** A product's colours as its pictures name them, and the shade of a colour the browser knows by name. */

export interface Colour {
  name: string;
  clrCode: string;
}

type MaybeColour = { name?: string | null; clrCode?: string | null } | null | undefined;

/** Same colour: the same name (whatever its case and spaces) and the same shade. */
export const sameColour = (a: MaybeColour, b: MaybeColour) =>
  !!a?.name &&
  !!b?.name &&
  a.name.trim().toLowerCase() === b.name.trim().toLowerCase() &&
  (a.clrCode ?? "").toLowerCase() === (b.clrCode ?? "").toLowerCase();

/** The product's colours: each named colour with a shade its pictures have, once, in the pictures' order. */
export function productColours(pictures: { color?: MaybeColour }[]): Colour[] {
  const colours: Colour[] = [];
  for (const { color } of pictures) {
    const name = color?.name?.trim();
    if (!name || !color?.clrCode || colours.some((c) => sameColour(c, color))) continue;
    colours.push({ name, clrCode: color.clrCode });
  }
  return colours;
}

let canvas: CanvasRenderingContext2D | null | undefined;

/**
 * "#rrggbb" for a CSS colour name ("tan", "Navy", "coral"), as the browser's canvas reads it; null for any
 * other word, and where there is no canvas.
 */
export function colourCodeOf(name: string): string | null {
  const word = name.trim().toLowerCase().replace(/\s+/g, "");
  if (!/^[a-z]{3,20}$/.test(word)) return null;
  if (canvas === undefined) {
    canvas = typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d");
  }
  if (!canvas) return null;
  // An unknown name leaves the style as it was: two starting points tell a known name from an unknown one.
  canvas.fillStyle = "#000001";
  canvas.fillStyle = word;
  const first = canvas.fillStyle;
  canvas.fillStyle = "#000002";
  canvas.fillStyle = word;
  return first === canvas.fillStyle && /^#[0-9a-f]{6}$/.test(first) ? first : null;
}
