// Deterministic SVG artwork (product pictures, banners, blog covers) drawn in code for the sample catalogue.

export const ILLUSTRATION_KINDS = [
  "headphones",
  "smartphone",
  "tablet",
  "laptop",
  "smartwatch",
  "speaker",
  "camera",
  "tshirt",
  "dress",
  "jacket",
  "sneaker",
  "handbag",
  "lipstick",
  "perfume",
  "serum",
  "cream-jar",
  "ring",
  "necklace",
  "earrings",
  "watch",
  // The variants a kind the sample shop sells more than one of needs, so that each product has a drawing of its own.
  "headphones-wired",
  "smartphone-back",
  "laptop-keyboard",
  "tshirt-stack",
  "jacket-denim",
  "dress-slip",
  "sneaker-runner",
  "bag-crossbody",
  "lip-balm",
  "powder-compact",
  "cream-jar-night",
  "serum-pump",
  "perfume-square",
  "perfume-spray",
  "ring-halo",
  "ring-bands",
  "necklace-charm",
  "earrings-pearl",
  "watch-steel",
  "watch-mesh",
  "watch-diver",
] as const;
export type IllustrationKind = (typeof ILLUSTRATION_KINDS)[number];

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** True for a "#RRGGBB" colour. */
export function isHexColor(s: string): boolean {
  return HEX_COLOR.test(s);
}

/** Escapes the five XML special characters so text can be embedded in markup or attributes. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

type Rgb = [number, number, number];

function assertHexColor(color: string): void {
  if (!isHexColor(color)) {
    throw new TypeError(`Expected a colour like "#RRGGBB", got ${JSON.stringify(color)}`);
  }
}

function parseHex(color: string): Rgb {
  return [
    Number.parseInt(color.slice(1, 3), 16),
    Number.parseInt(color.slice(3, 5), 16),
    Number.parseInt(color.slice(5, 7), 16),
  ];
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** Moves `color` towards `target` by `amount` (0 keeps the colour, 1 gives the target). */
function mix(color: string, target: string, amount: number): string {
  const a = parseHex(color);
  const b = parseHex(target);
  return toHex([a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount, a[2] + (b[2] - a[2]) * amount]);
}

const lighten = (color: string, amount: number): string => mix(color, "#ffffff", amount);
const darken = (color: string, amount: number): string => mix(color, "#000000", amount);

/** Relative luminance (0 black, 1 white) as defined by WCAG. */
function luminance(color: string): number {
  const [r, g, b] = parseHex(color).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** A short stable hash so gradient ids differ between pictures inlined in one page. */
function hashId(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

interface Palette {
  /** The id prefix for this picture's gradients, filters and clip paths. */
  u: string;
  base: string;
  light: string;
  lighter: string;
  dark: string;
  darker: string;
  bgInner: string;
  bgOuter: string;
}

function palette(color: string, seed: string): Palette {
  const pale = luminance(color) > 0.6;
  // A very light object needs a slightly deeper backdrop to stand out from it.
  const bgTint = pale ? mix(color, "#8793a6", 0.45) : color;
  return {
    u: `i${hashId(seed)}`,
    base: color,
    light: lighten(color, 0.45),
    lighter: lighten(color, 0.75),
    dark: darken(color, 0.35),
    darker: darken(color, 0.6),
    bgInner: lighten(bgTint, pale ? 0.7 : 0.93),
    bgOuter: lighten(bgTint, pale ? 0.45 : 0.8),
  };
}

function defs(p: Palette): string {
  const { u } = p;
  return `<defs>
<radialGradient id="${u}-bg" cx="50%" cy="42%" r="75%"><stop offset="0" stop-color="${p.bgInner}"/><stop offset="1" stop-color="${p.bgOuter}"/></radialGradient>
<linearGradient id="${u}-body" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="0.5" stop-color="${p.base}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>
<linearGradient id="${u}-v" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="0.55" stop-color="${p.base}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>
<linearGradient id="${u}-cyl" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.dark}"/><stop offset="0.22" stop-color="${p.light}"/><stop offset="0.55" stop-color="${p.base}"/><stop offset="1" stop-color="${p.darker}"/></linearGradient>
<linearGradient id="${u}-deep" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.darker}"/><stop offset="0.3" stop-color="${p.dark}"/><stop offset="1" stop-color="${p.darker}"/></linearGradient>
<linearGradient id="${u}-screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(p.base, "#141926", 0.72)}"/><stop offset="1" stop-color="#07090d"/></linearGradient>
<linearGradient id="${u}-gold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#9a7424"/><stop offset="0.3" stop-color="#f3dc8a"/><stop offset="0.6" stop-color="#c9a040"/><stop offset="1" stop-color="#7d5d1a"/></linearGradient>
<linearGradient id="${u}-chrome" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#6f7580"/><stop offset="0.3" stop-color="#f5f6f8"/><stop offset="0.65" stop-color="#b9bec7"/><stop offset="1" stop-color="#5b616b"/></linearGradient>
<linearGradient id="${u}-case" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#15151b"/><stop offset="0.3" stop-color="${mix(p.base, "#3a3a44", 0.8)}"/><stop offset="1" stop-color="#101014"/></linearGradient>
<linearGradient id="${u}-gem" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="0.5" stop-color="${mix(p.lighter, "#e6f1ff", 0.6)}"/><stop offset="1" stop-color="${mix(p.light, "#b8cde6", 0.5)}"/></linearGradient>
<radialGradient id="${u}-lens" cx="40%" cy="38%" r="65%"><stop offset="0" stop-color="${p.light}"/><stop offset="0.45" stop-color="${mix(p.base, "#1a2030", 0.7)}"/><stop offset="1" stop-color="#05070a"/></radialGradient>
<radialGradient id="${u}-dial" cx="45%" cy="40%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${p.lighter}"/></radialGradient>
<pattern id="${u}-mesh" width="12" height="12" patternUnits="userSpaceOnUse"><circle cx="6" cy="6" r="2.2" fill="${p.darker}" opacity="0.35"/></pattern>
<filter id="${u}-blur" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="9"/></filter>
</defs>`;
}

/** A soft contact shadow under the object. */
function shadow(p: Palette, cx: number, cy: number, rx: number, ry: number): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${p.darker}" opacity="0.22" filter="url(#${p.u}-blur)"/>`;
}

/** A four-point sparkle. */
function sparkle(cx: number, cy: number, r: number): string {
  const q = r * 0.22;
  return `<path d="M${cx} ${cy - r} L${cx + q} ${cy - q} L${cx + r} ${cy} L${cx + q} ${cy + q} L${cx} ${cy + r} L${cx - q} ${cy + q} L${cx - r} ${cy} L${cx - q} ${cy - q} Z" fill="#ffffff" opacity="0.9"/>`;
}

function headphones(p: Palette): string {
  const { u } = p;
  const cup = (x: number, cushionX: number): string =>
    `<rect x="${x + 38}" y="262" width="24" height="44" rx="6" fill="url(#${u}-chrome)"/>
<rect x="${cushionX}" y="300" width="34" height="150" rx="16" fill="${p.darker}"/>
<rect x="${x}" y="290" width="100" height="172" rx="46" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="3"/>
<ellipse cx="${x + 34}" cy="345" rx="13" ry="36" fill="#ffffff" opacity="0.28"/>
<circle cx="${x + 50}" cy="376" r="20" fill="none" stroke="${p.lighter}" stroke-width="4" opacity="0.7"/>`;
  return `${shadow(p, 300, 505, 190, 16)}
<path d="M150 300 C150 105 450 105 450 300" fill="none" stroke="url(#${u}-v)" stroke-width="34" stroke-linecap="round"/>
<path d="M172 290 C180 150 420 150 428 290" fill="none" stroke="${p.darker}" stroke-width="10" stroke-linecap="round" opacity="0.45"/>
<path d="M185 210 C220 150 280 138 300 138" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.35"/>
${cup(100, 186)}
${cup(400, 380)}`;
}

function smartphone(p: Palette): string {
  const { u } = p;
  const dock = [232, 274, 316, 358]
    .map((x) => `<rect x="${x}" y="418" width="30" height="30" rx="9" fill="#ffffff" opacity="0.25"/>`)
    .join("");
  return `${shadow(p, 300, 500, 130, 14)}
<clipPath id="${u}-clip"><rect x="212" y="82" width="176" height="396" rx="24"/></clipPath>
<rect x="396" y="150" width="8" height="54" rx="3" fill="${p.dark}"/>
<rect x="196" y="140" width="8" height="34" rx="3" fill="${p.dark}"/>
<rect x="196" y="184" width="8" height="34" rx="3" fill="${p.dark}"/>
<rect x="200" y="70" width="200" height="420" rx="34" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="2"/>
<rect x="212" y="82" width="176" height="396" rx="24" fill="url(#${u}-screen)"/>
<g clip-path="url(#${u}-clip)">
<circle cx="250" cy="390" r="130" fill="${p.base}" opacity="0.55"/>
<circle cx="380" cy="210" r="95" fill="${p.light}" opacity="0.35"/>
<rect x="232" y="132" width="74" height="16" rx="8" fill="#ffffff" opacity="0.85"/>
<rect x="232" y="156" width="112" height="8" rx="4" fill="#ffffff" opacity="0.5"/>
${dock}
<path d="M212 82 L340 82 L212 310 Z" fill="#ffffff" opacity="0.07"/>
</g>
<rect x="270" y="94" width="60" height="16" rx="8" fill="#05070a"/>`;
}

function tablet(p: Palette): string {
  const { u } = p;
  return `${shadow(p, 300, 462, 230, 16)}
<clipPath id="${u}-clip"><rect x="106" y="156" width="388" height="268" rx="16"/></clipPath>
<rect x="90" y="140" width="420" height="300" rx="30" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="2"/>
<rect x="106" y="156" width="388" height="268" rx="16" fill="url(#${u}-screen)"/>
<g clip-path="url(#${u}-clip)">
<circle cx="190" cy="420" r="170" fill="${p.base}" opacity="0.55"/>
<circle cx="440" cy="200" r="120" fill="${p.light}" opacity="0.35"/>
<rect x="130" y="182" width="150" height="92" rx="14" fill="#ffffff" opacity="0.2"/>
<rect x="300" y="182" width="170" height="40" rx="12" fill="#ffffff" opacity="0.14"/>
<rect x="300" y="234" width="120" height="40" rx="12" fill="#ffffff" opacity="0.14"/>
<path d="M106 156 L330 156 L106 400 Z" fill="#ffffff" opacity="0.06"/>
</g>
<circle cx="300" cy="148" r="3.5" fill="#05070a"/>`;
}

function laptop(p: Palette): string {
  const { u } = p;
  return `${shadow(p, 300, 418, 260, 14)}
<clipPath id="${u}-clip"><rect x="134" y="124" width="332" height="222" rx="8"/></clipPath>
<rect x="120" y="110" width="360" height="250" rx="16" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="2"/>
<rect x="134" y="124" width="332" height="222" rx="8" fill="url(#${u}-screen)"/>
<g clip-path="url(#${u}-clip)">
<circle cx="190" cy="350" r="150" fill="${p.base}" opacity="0.5"/>
<rect x="160" y="150" width="170" height="110" rx="8" fill="#ffffff" opacity="0.16"/>
<rect x="250" y="196" width="190" height="122" rx="8" fill="#ffffff" opacity="0.22"/>
<rect x="250" y="196" width="190" height="18" rx="8" fill="#ffffff" opacity="0.25"/>
<path d="M134 124 L330 124 L134 320 Z" fill="#ffffff" opacity="0.06"/>
</g>
<circle cx="300" cy="117" r="3" fill="#05070a"/>
<rect x="120" y="354" width="360" height="10" fill="${p.darker}"/>
<path d="M78 362 L522 362 L550 398 Q552 410 538 410 L62 410 Q48 410 50 398 Z" fill="url(#${u}-v)" stroke="${p.dark}" stroke-width="2"/>
<path d="M255 363 L345 363 L339 373 L261 373 Z" fill="${p.darker}" opacity="0.45"/>
<path d="M62 398 L538 398" stroke="#ffffff" stroke-width="2" opacity="0.3"/>`;
}

function smartwatch(p: Palette): string {
  const { u } = p;
  const ring = (r: number, color: string, share: number): string => {
    const c = 2 * Math.PI * r;
    return `<circle cx="300" cy="282" r="${r}" fill="none" stroke="${color}" stroke-width="12" opacity="0.22"/>
<circle cx="300" cy="282" r="${r}" fill="none" stroke="${color}" stroke-width="12" stroke-linecap="round" stroke-dasharray="${(c * share).toFixed(1)} ${c.toFixed(1)}" transform="rotate(-90 300 282)"/>`;
  };
  const holes = [448, 474, 500].map((y) => `<circle cx="300" cy="${y}" r="5" fill="${p.darker}"/>`).join("");
  return `${shadow(p, 300, 540, 110, 12)}
<path d="M238 60 L362 60 L352 200 L248 200 Z" fill="url(#${u}-deep)"/>
<path d="M248 400 L352 400 L362 540 L238 540 Z" fill="url(#${u}-deep)"/>
${holes}
<rect x="394" y="238" width="20" height="48" rx="7" fill="url(#${u}-v)" stroke="${p.dark}" stroke-width="2"/>
<rect x="396" y="304" width="12" height="40" rx="5" fill="${p.dark}"/>
<rect x="200" y="170" width="200" height="260" rx="56" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="3"/>
<rect x="218" y="188" width="164" height="224" rx="42" fill="#0b0e14"/>
${ring(58, "#ff5a6e", 0.75)}
${ring(42, "#7ee0a1", 0.6)}
${ring(26, "#6cc8ff", 0.85)}
<rect x="262" y="362" width="76" height="10" rx="5" fill="#ffffff" opacity="0.75"/>
<rect x="276" y="380" width="48" height="8" rx="4" fill="#ffffff" opacity="0.4"/>
<path d="M232 200 Q300 186 368 200 L330 240 Q290 232 250 244 Z" fill="#ffffff" opacity="0.06"/>`;
}

function speaker(p: Palette): string {
  const { u } = p;
  const body = "M190 150 L190 450 A110 28 0 0 0 410 450 L410 150 Z";
  return `${shadow(p, 300, 485, 150, 16)}
<path d="${body}" fill="url(#${u}-cyl)"/>
<path d="${body}" fill="url(#${u}-mesh)"/>
<path d="M190 420 A110 28 0 0 0 410 420" fill="none" stroke="${p.lighter}" stroke-width="5" opacity="0.75"/>
<rect x="276" y="300" width="48" height="12" rx="6" fill="${p.lighter}" opacity="0.85"/>
<ellipse cx="300" cy="150" rx="110" ry="28" fill="url(#${u}-v)" stroke="${p.dark}" stroke-width="2"/>
<ellipse cx="300" cy="150" rx="80" ry="18" fill="none" stroke="${p.lighter}" stroke-width="3" opacity="0.7"/>
<ellipse cx="300" cy="150" rx="13" ry="5" fill="${p.darker}"/>
<ellipse cx="258" cy="150" rx="8" ry="3.5" fill="${p.darker}" opacity="0.8"/>
<ellipse cx="342" cy="150" rx="8" ry="3.5" fill="${p.darker}" opacity="0.8"/>`;
}

function camera(p: Palette): string {
  const { u } = p;
  return `${shadow(p, 300, 462, 220, 16)}
<path d="M228 192 L250 138 L350 138 L372 192 Z" fill="url(#${u}-v)" stroke="${p.dark}" stroke-width="2"/>
<rect x="272" y="150" width="56" height="22" rx="4" fill="#1a1d24"/>
<rect x="390" y="164" width="56" height="26" rx="6" fill="url(#${u}-chrome)"/>
<rect x="150" y="168" width="60" height="24" rx="6" fill="${p.darker}"/>
<rect x="100" y="185" width="400" height="260" rx="34" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="3"/>
<rect x="100" y="236" width="400" height="158" fill="${p.darker}" opacity="0.35"/>
<rect x="100" y="185" width="72" height="260" rx="34" fill="${p.darker}" opacity="0.25"/>
<rect x="420" y="206" width="50" height="24" rx="5" fill="${p.lighter}" stroke="${p.dark}" stroke-width="1.5"/>
<circle cx="300" cy="316" r="106" fill="url(#${u}-chrome)"/>
<circle cx="300" cy="316" r="92" fill="#1a1d24"/>
<circle cx="300" cy="316" r="74" fill="url(#${u}-lens)"/>
<circle cx="300" cy="316" r="40" fill="#05070a" opacity="0.65"/>
<circle cx="300" cy="316" r="74" fill="none" stroke="${p.light}" stroke-width="2" opacity="0.5"/>
<ellipse cx="274" cy="290" rx="18" ry="12" fill="#ffffff" opacity="0.55"/>
<circle cx="330" cy="346" r="6" fill="#ffffff" opacity="0.25"/>`;
}

function tshirt(p: Palette): string {
  const { u } = p;
  return `${shadow(p, 300, 512, 170, 14)}
<path d="M245 110 Q300 160 355 110 L460 140 L535 245 L470 280 L440 245 L440 495 Q300 510 160 495 L160 245 L130 280 L65 245 L140 140 Z" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="3" stroke-linejoin="round"/>
<path d="M245 110 Q300 130 355 110 Q300 160 245 110 Z" fill="${p.darker}" opacity="0.55"/>
<path d="M245 110 Q300 160 355 110" fill="none" stroke="${p.dark}" stroke-width="10" stroke-linecap="round"/>
<path d="M535 245 L470 280 M65 245 L130 280" stroke="${p.dark}" stroke-width="6" opacity="0.5"/>
<path d="M160 245 L150 170 M440 245 L450 170" stroke="${p.dark}" stroke-width="3" opacity="0.3"/>
<path d="M205 320 Q222 400 208 470 M390 300 Q376 380 394 460" fill="none" stroke="${p.darker}" stroke-width="6" stroke-linecap="round" opacity="0.12"/>
<path d="M168 480 Q300 494 432 480" fill="none" stroke="${p.dark}" stroke-width="3" stroke-dasharray="8 6" opacity="0.45"/>`;
}

function dress(p: Palette): string {
  const { u } = p;
  return `${shadow(p, 300, 528, 190, 14)}
<path d="M252 122 L262 68 M348 122 L338 68" stroke="${p.dark}" stroke-width="8" stroke-linecap="round"/>
<path d="M256 262 L344 262 L470 500 Q300 536 130 500 Z" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="3" stroke-linejoin="round"/>
<path d="M280 272 L236 508 M300 272 L300 518 M320 272 L364 508" stroke="${p.darker}" stroke-width="5" opacity="0.16"/>
<path d="M248 120 Q300 152 352 120 L360 200 Q356 238 346 266 L254 266 Q244 238 240 200 Z" fill="url(#${u}-v)" stroke="${p.dark}" stroke-width="3" stroke-linejoin="round"/>
<path d="M262 150 Q270 200 262 250" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.25"/>
<rect x="250" y="254" width="100" height="18" rx="6" fill="${p.dark}"/>
<path d="M130 500 Q300 536 470 500" fill="none" stroke="${p.darker}" stroke-width="4" opacity="0.35"/>`;
}

function jacket(p: Palette): string {
  const { u } = p;
  const sleeve = (d: string): string =>
    `<path d="${d}" fill="url(#${u}-v)" stroke="${p.dark}" stroke-width="3" stroke-linejoin="round"/><path d="${d}" fill="#000000" opacity="0.12"/>`;
  return `${shadow(p, 300, 520, 230, 14)}
${sleeve("M160 128 Q112 140 104 190 L74 462 Q100 476 128 472 L160 250 Z")}
${sleeve("M440 128 Q488 140 496 190 L526 462 Q500 476 472 472 L440 250 Z")}
<path d="M74 462 Q100 476 128 472 L126 494 Q98 498 72 484 Z M526 462 Q500 476 472 472 L474 494 Q502 498 528 484 Z" fill="${p.darker}"/>
<ellipse cx="300" cy="100" rx="70" ry="14" fill="${p.darker}"/>
<path d="M160 128 L235 96 Q300 118 365 96 L440 128 L446 500 L154 500 Z" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="3" stroke-linejoin="round"/>
<rect x="154" y="478" width="292" height="24" fill="${p.darker}" opacity="0.55"/>
<path d="M226 98 Q300 124 374 98 L380 64 Q300 90 220 64 Z" fill="url(#${u}-v)" stroke="${p.dark}" stroke-width="3" stroke-linejoin="round"/>
<path d="M300 112 L300 500" stroke="${p.darker}" stroke-width="5"/>
<path d="M300 116 L300 498" stroke="#d9dde3" stroke-width="8" stroke-dasharray="3 3" opacity="0.7"/>
<rect x="294" y="146" width="12" height="32" rx="3" fill="url(#${u}-chrome)"/>
<rect x="188" y="190" width="72" height="62" rx="6" fill="none" stroke="${p.dark}" stroke-width="3" opacity="0.6"/>
<path d="M188 190 L260 190 L260 208 L224 216 L188 208 Z" fill="${p.darker}" opacity="0.3"/>
<rect x="340" y="190" width="72" height="62" rx="6" fill="none" stroke="${p.dark}" stroke-width="3" opacity="0.6"/>
<path d="M340 190 L412 190 L412 208 L376 216 L340 208 Z" fill="${p.darker}" opacity="0.3"/>
<path d="M192 384 L232 340 M408 384 L368 340" stroke="${p.darker}" stroke-width="7" stroke-linecap="round" opacity="0.4"/>`;
}

function sneaker(p: Palette): string {
  const { u } = p;
  // Eyelets sit just below the throat edge; each lace runs from its eyelet up over the edge.
  const laces = [
    [306.6, 247.6],
    [323.4, 258.4],
    [340.6, 268.4],
    [358.2, 277.6],
  ]
    .map(([x = 0, y = 0]) => {
      const ex = x - 13;
      const ey = y + 20;
      return `<circle cx="${ex}" cy="${ey}" r="5" fill="${p.darker}"/><path d="M${ex} ${ey} L${x + 8} ${y - 6}" stroke="${p.lighter}" stroke-width="7" stroke-linecap="round"/>`;
    })
    .join("");
  return `${shadow(p, 320, 462, 250, 14)}
<path d="M262 252 Q252 214 268 200 Q286 190 302 212 L312 246 Z" fill="${p.light}" stroke="${p.dark}" stroke-width="2"/>
<path d="M105 400 L100 262 Q100 222 140 220 L196 226 Q210 262 250 258 L290 236 Q372 296 470 316 Q532 332 538 384 L538 400 Z" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="3" stroke-linejoin="round"/>
<path d="M140 220 L196 226 Q210 262 250 258 L256 254 Q212 276 190 240 L140 232 Z" fill="${p.darker}" opacity="0.45"/>
<path d="M102 300 Q142 300 162 340 L166 400 L105 400 Z" fill="${p.darker}" opacity="0.22"/>
<path d="M432 318 Q500 326 530 360 L538 400 L444 400 Q422 360 432 318 Z" fill="${p.darker}" opacity="0.18"/>
<path d="M232 392 Q318 306 446 328 L452 346 Q340 336 262 398 Z" fill="${p.lighter}" opacity="0.9"/>
${laces}
<path d="M86 398 L540 398 Q562 400 558 426 Q554 452 522 452 L110 452 Q82 452 84 426 Q84 400 86 398 Z" fill="#f4f3ee" stroke="#bdb8ad" stroke-width="2"/>
<path d="M96 422 L550 422" stroke="${p.base}" stroke-width="4" opacity="0.6"/>
<path d="M88 440 L556 440 Q550 452 522 452 L110 452 Q90 452 88 440 Z" fill="#d8d4ca"/>`;
}

function handbag(p: Palette): string {
  const { u } = p;
  const handle = "M215 262 Q215 120 300 120 Q385 120 385 262";
  return `${shadow(p, 300, 512, 220, 16)}
<path d="${handle}" fill="none" stroke="${p.dark}" stroke-width="22" stroke-linecap="round"/>
<path d="${handle}" fill="none" stroke="${p.light}" stroke-width="4" stroke-linecap="round" opacity="0.5"/>
<rect x="204" y="240" width="22" height="28" rx="5" fill="url(#${u}-gold)"/>
<rect x="374" y="240" width="22" height="28" rx="5" fill="url(#${u}-gold)"/>
<path d="M140 255 L460 255 Q470 255 472 266 L500 480 Q502 500 482 500 L118 500 Q98 500 100 480 L128 266 Q130 255 140 255 Z" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="3"/>
<path d="M128 300 L108 470" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.18"/>
<path d="M132 258 L468 258 L454 350 Q300 386 146 350 Z" fill="url(#${u}-v)" stroke="${p.dark}" stroke-width="3" stroke-linejoin="round"/>
<path d="M132 258 L468 258 L454 350 Q300 386 146 350 Z" fill="#000000" opacity="0.1"/>
<path d="M156 340 Q300 372 444 340" fill="none" stroke="${p.lighter}" stroke-width="2" stroke-dasharray="6 6" opacity="0.7"/>
<rect x="284" y="346" width="32" height="42" rx="6" fill="url(#${u}-gold)"/>
<rect x="292" y="356" width="16" height="18" rx="3" fill="${p.darker}" opacity="0.4"/>`;
}

function lipstick(p: Palette): string {
  const { u } = p;
  return `${shadow(p, 310, 526, 180, 14)}
<rect x="350" y="250" width="110" height="270" rx="10" fill="url(#${u}-case)"/>
<rect x="350" y="250" width="110" height="22" rx="4" fill="url(#${u}-gold)"/>
<rect x="366" y="290" width="10" height="210" rx="5" fill="#ffffff" opacity="0.12"/>
<path d="M192 292 L192 176 Q192 160 206 152 L266 118 Q278 112 278 126 L278 292 Z" fill="url(#${u}-cyl)" stroke="${p.dark}" stroke-width="2"/>
<rect x="204" y="172" width="12" height="112" rx="6" fill="#ffffff" opacity="0.28"/>
<rect x="180" y="284" width="110" height="52" rx="6" fill="url(#${u}-gold)"/>
<rect x="170" y="330" width="130" height="190" rx="10" fill="url(#${u}-case)"/>
<rect x="184" y="348" width="10" height="154" rx="5" fill="#ffffff" opacity="0.12"/>`;
}

function perfume(p: Palette): string {
  const { u } = p;
  return `${shadow(p, 300, 516, 160, 14)}
<rect x="272" y="180" width="56" height="46" fill="url(#${u}-chrome)"/>
<rect x="240" y="96" width="120" height="94" rx="14" fill="url(#${u}-gold)"/>
<rect x="252" y="108" width="10" height="70" rx="5" fill="#ffffff" opacity="0.35"/>
<rect x="170" y="220" width="260" height="290" rx="44" fill="url(#${u}-cyl)" stroke="${p.dark}" stroke-width="3" opacity="0.95"/>
<rect x="186" y="292" width="228" height="202" rx="32" fill="${p.darker}" opacity="0.22"/>
<rect x="192" y="240" width="22" height="240" rx="11" fill="#ffffff" opacity="0.4"/>
<rect x="392" y="262" width="10" height="120" rx="5" fill="#ffffff" opacity="0.2"/>
<rect x="235" y="330" width="130" height="90" rx="6" fill="#ffffff" opacity="0.88"/>
<rect x="255" y="356" width="90" height="10" rx="5" fill="${p.dark}"/>
<rect x="270" y="380" width="60" height="7" rx="3.5" fill="${p.base}" opacity="0.8"/>`;
}

function serum(p: Palette): string {
  const { u } = p;
  return `${shadow(p, 300, 516, 140, 12)}
<rect x="270" y="78" width="60" height="96" rx="30" fill="url(#${u}-case)"/>
<rect x="280" y="92" width="8" height="60" rx="4" fill="#ffffff" opacity="0.2"/>
<path d="M230 250 Q230 226 252 226 L348 226 Q370 226 370 250 Q420 266 420 320 L420 480 Q420 510 390 510 L210 510 Q180 510 180 480 L180 320 Q180 266 230 250 Z" fill="url(#${u}-cyl)" stroke="${p.dark}" stroke-width="3" opacity="0.95"/>
<rect x="292" y="226" width="16" height="250" rx="8" fill="#ffffff" opacity="0.22"/>
<rect x="250" y="166" width="100" height="64" rx="8" fill="url(#${u}-gold)"/>
<rect x="196" y="300" width="16" height="180" rx="8" fill="#ffffff" opacity="0.35"/>
<rect x="214" y="346" width="172" height="104" rx="8" fill="#ffffff" opacity="0.88"/>
<rect x="240" y="372" width="120" height="10" rx="5" fill="${p.dark}"/>
<rect x="262" y="394" width="76" height="7" rx="3.5" fill="${p.base}" opacity="0.8"/>
<rect x="250" y="414" width="100" height="6" rx="3" fill="${p.base}" opacity="0.4"/>`;
}

function creamJar(p: Palette): string {
  const { u } = p;
  const ridges = Array.from({ length: 21 }, (_, i) => 156 + i * 14)
    .map((x) => `<path d="M${x} 222 L${x} 292" stroke="#ffffff" stroke-width="4" opacity="0.08"/>`)
    .join("");
  return `${shadow(p, 300, 496, 200, 16)}
<rect x="150" y="290" width="300" height="190" rx="36" fill="url(#${u}-cyl)" stroke="${p.dark}" stroke-width="3"/>
<rect x="150" y="352" width="300" height="70" fill="#ffffff" opacity="0.85"/>
<rect x="240" y="372" width="120" height="10" rx="5" fill="${p.dark}"/>
<rect x="262" y="392" width="76" height="7" rx="3.5" fill="${p.base}" opacity="0.8"/>
<rect x="168" y="300" width="14" height="40" rx="7" fill="#ffffff" opacity="0.3"/>
<rect x="138" y="212" width="324" height="90" rx="20" fill="url(#${u}-deep)" stroke="${p.darker}" stroke-width="3"/>
${ridges}
<rect x="152" y="218" width="296" height="8" rx="4" fill="#ffffff" opacity="0.22"/>`;
}

function ring(p: Palette): string {
  const { u } = p;
  return `${shadow(p, 300, 500, 170, 16)}
<ellipse cx="300" cy="380" rx="140" ry="100" fill="none" stroke="${p.dark}" stroke-width="26"/>
<path d="M160 380 A140 100 0 0 0 440 380" fill="none" stroke="url(#${u}-v)" stroke-width="30" stroke-linecap="round"/>
<path d="M178 398 A124 84 0 0 0 422 398" fill="none" stroke="${p.lighter}" stroke-width="4" opacity="0.6"/>
<path d="M262 284 L338 284 L326 250 L274 250 Z" fill="url(#${u}-v)" stroke="${p.dark}" stroke-width="2"/>
<path d="M245 168 L355 168 L386 204 L214 204 Z" fill="url(#${u}-gem)" stroke="#9fb3cc" stroke-width="1.5"/>
<path d="M214 204 L386 204 L300 272 Z" fill="url(#${u}-gem)" stroke="#9fb3cc" stroke-width="1.5"/>
<path d="M245 168 L268 204 L300 168 L332 204 L355 168 M268 204 L300 272 L332 204" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.8"/>
<path d="M226 206 L272 262 M374 206 L328 262" stroke="url(#${u}-v)" stroke-width="8" stroke-linecap="round"/>
${sparkle(400, 160, 20)}
${sparkle(206, 146, 12)}`;
}

function necklace(p: Palette): string {
  const { u } = p;
  const chain = "M130 60 C130 300 220 388 300 392 C380 388 470 300 470 60";
  return `${shadow(p, 300, 560, 70, 10)}
<path d="${chain}" fill="none" stroke="url(#${u}-v)" stroke-width="8" stroke-dasharray="12 5" stroke-linecap="round"/>
<path d="${chain}" fill="none" stroke="${p.darker}" stroke-width="2" opacity="0.35"/>
<ellipse cx="300" cy="402" rx="9" ry="13" fill="none" stroke="url(#${u}-v)" stroke-width="5"/>
<path d="M300 414 C342 448 352 502 300 542 C248 502 258 448 300 414 Z" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="3"/>
<path d="M300 440 C326 464 330 496 300 520 C270 496 274 464 300 440 Z" fill="url(#${u}-gem)"/>
<path d="M300 440 L300 520 M282 470 L318 470 M278 490 L322 490" stroke="#ffffff" stroke-width="1.5" opacity="0.7"/>
${sparkle(346, 446, 14)}`;
}

function earrings(p: Palette): string {
  const { u } = p;
  const earring = (cx: number): string => `${shadow(p, cx, 470, 62, 10)}
<path d="M${cx} 176 L${cx} 130 Q${cx} 96 ${cx + 25} 96 Q${cx + 48} 96 ${cx + 48} 120 Q${cx + 48} 140 ${cx + 38} 152" fill="none" stroke="url(#${u}-v)" stroke-width="5" stroke-linecap="round"/>
<circle cx="${cx}" cy="188" r="14" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="2"/>
<path d="M${cx} 200 L${cx} 218" stroke="${p.dark}" stroke-width="4"/>
<path d="M${cx} 216 C${cx + 55} 280 ${cx + 60} 360 ${cx} 410 C${cx - 60} 360 ${cx - 55} 280 ${cx} 216 Z" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="3"/>
<path d="M${cx} 246 C${cx + 38} 292 ${cx + 40} 350 ${cx} 384 C${cx - 40} 350 ${cx - 38} 292 ${cx} 246 Z" fill="url(#${u}-gem)"/>
<path d="M${cx} 246 L${cx} 384 M${cx - 30} 318 L${cx + 30} 318" stroke="#ffffff" stroke-width="1.5" opacity="0.7"/>
${sparkle(cx + 26, 286, 12)}`;
  return `${earring(205)}\n${earring(395)}`;
}

/** A watch's case and dial, over whatever strap or bracelet holds it. */
function watchHead(p: Palette): string {
  const { u } = p;
  const ticks = Array.from({ length: 12 }, (_, i) => {
    const major = i % 3 === 0;
    return `<rect x="${major ? 296 : 297.5}" y="202" width="${major ? 8 : 5}" height="${major ? 24 : 14}" rx="2" fill="${p.darker}" transform="rotate(${i * 30} 300 300)"/>`;
  }).join("");
  return `<rect x="426" y="284" width="24" height="32" rx="6" fill="url(#${u}-v)" stroke="${p.dark}" stroke-width="2"/>
<circle cx="300" cy="300" r="132" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="3"/>
<circle cx="300" cy="300" r="116" fill="${p.dark}" opacity="0.5"/>
<circle cx="300" cy="300" r="106" fill="url(#${u}-dial)"/>
${ticks}
<rect x="352" y="291" width="28" height="18" rx="2" fill="#ffffff" stroke="${p.dark}" stroke-width="1.5"/>
<rect x="295" y="246" width="10" height="62" rx="5" fill="${p.darker}" transform="rotate(-60 300 300)"/>
<rect x="297" y="214" width="6" height="94" rx="3" fill="${p.darker}" transform="rotate(60 300 300)"/>
<rect x="299" y="206" width="2" height="116" fill="#d23c3c" transform="rotate(170 300 300)"/>
<circle cx="300" cy="300" r="9" fill="${p.darker}"/>
<circle cx="300" cy="300" r="3.5" fill="#d23c3c"/>
<path d="M210 256 A100 100 0 0 1 330 204 L322 222 A82 82 0 0 0 226 264 Z" fill="#ffffff" opacity="0.18"/>`;
}

function watch(p: Palette): string {
  const { u } = p;
  const holes = [460, 486, 512]
    .map((y) => `<circle cx="300" cy="${y}" r="5" fill="#000000" opacity="0.45"/>`)
    .join("");
  return `${shadow(p, 300, 552, 120, 12)}
<path d="M236 52 L364 52 L356 190 L244 190 Z" fill="url(#${u}-deep)"/>
<path d="M244 410 L356 410 L364 548 L236 548 Z" fill="url(#${u}-deep)"/>
${holes}
${watchHead(p)}`;
}

// ---------- One drawing per product: the variants of a kind the sample catalogue sells more than one of ----------

/** Studio headphones on a coiled cable ending in a jack. */
function headphonesWired(p: Palette): string {
  const { u } = p;
  const coil = Array.from({ length: 9 }, (_, i) => {
    const y = 468 + i * 9;
    return `<ellipse cx="${160 + i * 6}" cy="${y}" rx="14" ry="5" fill="none" stroke="${p.darker}" stroke-width="4"/>`;
  }).join("");
  return `${headphones(p)}
<path d="M150 452 Q150 470 160 470" fill="none" stroke="${p.darker}" stroke-width="6"/>
${coil}
<path d="M214 546 Q300 560 372 530" fill="none" stroke="${p.darker}" stroke-width="6" stroke-linecap="round"/>
<rect x="368" y="514" width="44" height="22" rx="6" fill="${p.darker}" transform="rotate(-18 390 525)"/>
<rect x="408" y="503" width="30" height="8" rx="3" fill="url(#${u}-gold)" transform="rotate(-18 423 507)"/>`;
}

/** A flagship phone seen from the back: three lenses and a flash in a raised camera island. */
function smartphoneBack(p: Palette): string {
  const { u } = p;
  const lens = (cx: number, cy: number) =>
    `<circle cx="${cx}" cy="${cy}" r="25" fill="url(#${u}-chrome)"/><circle cx="${cx}" cy="${cy}" r="19" fill="#0b0e14"/><circle cx="${cx}" cy="${cy}" r="12" fill="url(#${u}-lens)"/><circle cx="${cx - 5}" cy="${cy - 6}" r="4" fill="#ffffff" opacity="0.6"/>`;
  return `${shadow(p, 300, 500, 130, 14)}
<rect x="396" y="150" width="8" height="54" rx="3" fill="${p.dark}"/>
<rect x="200" y="70" width="200" height="420" rx="34" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="2"/>
<path d="M214 90 L300 90 L214 420 Z" fill="#ffffff" opacity="0.1"/>
<rect x="216" y="86" width="128" height="128" rx="28" fill="${p.dark}" opacity="0.55" stroke="${p.darker}" stroke-width="2"/>
${lens(250, 120)}${lens(250, 180)}${lens(310, 150)}
<circle cx="310" cy="106" r="7" fill="#fff6d8"/>
<text x="300" y="400" text-anchor="middle" font-family="sans-serif" font-size="26" font-weight="700" fill="${p.lighter}" opacity="0.7">NOVA</text>`;
}

/** A laptop open towards the viewer: screen above a keyboard deck and its touchpad. */
function laptopKeyboard(p: Palette): string {
  const { u } = p;
  const keys = Array.from({ length: 4 }, (_, row) =>
    Array.from({ length: 13 }, (_, col) => {
      const x = 132 + col * 26 + row * 6;
      return `<rect x="${x}" y="${392 + row * 20}" width="20" height="14" rx="3" fill="${p.darker}" opacity="0.75"/>`;
    }).join(""),
  ).join("");
  return `${shadow(p, 300, 530, 270, 14)}
<clipPath id="${u}-clip"><rect x="150" y="112" width="300" height="200" rx="6"/></clipPath>
<rect x="136" y="98" width="328" height="228" rx="14" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="2"/>
<rect x="150" y="112" width="300" height="200" rx="6" fill="url(#${u}-screen)"/>
<g clip-path="url(#${u}-clip)">
<rect x="166" y="130" width="120" height="14" rx="7" fill="#ffffff" opacity="0.35"/>
<rect x="166" y="156" width="268" height="60" rx="6" fill="#ffffff" opacity="0.12"/>
<rect x="166" y="226" width="128" height="70" rx="6" fill="${p.base}" opacity="0.5"/>
<rect x="306" y="226" width="128" height="70" rx="6" fill="#ffffff" opacity="0.16"/>
</g>
<path d="M136 326 L464 326 L530 500 Q532 512 518 512 L82 512 Q68 512 70 500 Z" fill="url(#${u}-v)" stroke="${p.dark}" stroke-width="2"/>
${keys}
<rect x="250" y="476" width="110" height="28" rx="5" fill="${p.dark}" opacity="0.35"/>`;
}

/** Three tees folded and stacked, a breast pocket on the top one. */
function tshirtStack(p: Palette): string {
  const { u } = p;
  const tee = (y: number, shade: string) =>
    `<rect x="150" y="${y}" width="300" height="92" rx="12" fill="${shade}" stroke="${p.dark}" stroke-width="3"/>
<path d="M250 ${y} Q300 ${y + 34} 350 ${y}" fill="${p.darker}" opacity="0.35" stroke="${p.dark}" stroke-width="6"/>
<path d="M150 ${y + 70} L450 ${y + 70}" stroke="${p.darker}" stroke-width="3" opacity="0.2"/>`;
  return `${shadow(p, 300, 520, 200, 14)}
${tee(396, p.dark)}
${tee(294, p.base)}
${tee(192, `url(#${u}-v)`)}
<rect x="360" y="226" width="52" height="46" rx="5" fill="none" stroke="${p.darker}" stroke-width="3" opacity="0.6"/>
<rect x="222" y="120" width="156" height="46" rx="23" fill="#ffffff" opacity="0.9"/>
<text x="300" y="152" text-anchor="middle" font-family="sans-serif" font-size="24" font-weight="700" fill="${p.darker}">3-PACK</text>`;
}

/** A cropped denim jacket: pointed collar, buttoned placket, flap pockets and light stitching. */
function jacketDenim(p: Palette): string {
  const { u } = p;
  const stitch = `stroke="${p.lighter}" stroke-width="2.5" stroke-dasharray="6 5" fill="none" opacity="0.85"`;
  const buttons = [196, 252, 308, 364]
    .map(
      (y) =>
        `<circle cx="300" cy="${y}" r="8" fill="url(#${u}-chrome)" stroke="${p.darker}" stroke-width="1.5"/>`,
    )
    .join("");
  return `${shadow(p, 300, 470, 230, 14)}
<path d="M168 120 Q118 134 110 184 L84 420 Q108 432 134 428 L168 240 Z" fill="url(#${u}-v)" stroke="${p.dark}" stroke-width="3"/>
<path d="M432 120 Q482 134 490 184 L516 420 Q492 432 466 428 L432 240 Z" fill="url(#${u}-v)" stroke="${p.dark}" stroke-width="3"/>
<path d="M168 120 L242 98 L300 150 L358 98 L432 120 L440 420 L160 420 Z" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="3" stroke-linejoin="round"/>
<rect x="160" y="392" width="280" height="30" fill="${p.dark}" stroke="${p.darker}" stroke-width="2"/>
<path d="M242 98 L300 150 L262 176 L226 112 Z M358 98 L300 150 L338 176 L374 112 Z" fill="${p.dark}" stroke="${p.darker}" stroke-width="2"/>
<path d="M300 150 L300 392" stroke="${p.darker}" stroke-width="3"/>
${buttons}
<path d="M190 206 L268 206 L268 236 L229 248 L190 236 Z M332 206 L410 206 L410 236 L371 248 L332 236 Z" fill="${p.dark}" stroke="${p.darker}" stroke-width="2"/>
<path d="M196 212 L262 212 M338 212 L404 212" ${stitch}/>
<path d="M172 300 L290 300 M310 300 L428 300 M166 398 L434 398" ${stitch}/>
<path d="M176 130 L180 386 M424 130 L420 386" ${stitch}/>`;
}

/** A satin slip dress: thin straps, a V neck and a bias-cut midi skirt with its sheen. */
function dressSlip(p: Palette): string {
  const { u } = p;
  return `${shadow(p, 300, 540, 150, 12)}
<path d="M244 150 L262 56 M356 150 L338 56" stroke="${p.dark}" stroke-width="4" stroke-linecap="round"/>
<path d="M240 150 L300 214 L360 150 Q372 250 362 300 Q404 420 412 530 Q300 548 188 530 Q196 420 238 300 Q228 250 240 150 Z" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="3" stroke-linejoin="round"/>
<path d="M262 176 Q278 300 248 400 Q236 470 228 520" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" opacity="0.35"/>
<path d="M330 240 Q338 360 372 520" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" opacity="0.22"/>
<path d="M240 150 L300 214 L360 150" fill="none" stroke="${p.darker}" stroke-width="4"/>
<path d="M300 300 Q306 420 296 534" fill="none" stroke="${p.darker}" stroke-width="3" opacity="0.2"/>`;
}

/** A knit running shoe: a thick, rockered sole, a heel tab and the knit's weave. */
function sneakerRunner(p: Palette): string {
  const { u } = p;
  const weave = Array.from({ length: 14 }, (_, i) => {
    const x = 150 + i * 26;
    return `<path d="M${x} 392 L${x + 40} 280" stroke="${p.lighter}" stroke-width="3" opacity="0.22"/>`;
  }).join("");
  return `${shadow(p, 320, 472, 250, 14)}
<clipPath id="${u}-upper"><path d="M112 392 Q98 300 126 250 Q150 226 196 238 Q236 270 274 250 L300 236 Q380 290 466 304 Q536 318 548 372 L548 392 Z"/></clipPath>
<path d="M112 392 Q98 300 126 250 Q150 226 196 238 Q236 270 274 250 L300 236 Q380 290 466 304 Q536 318 548 372 L548 392 Z" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="3"/>
<g clip-path="url(#${u}-upper)">${weave}</g>
<path d="M126 250 Q112 222 132 206 L150 240 Z" fill="${p.darker}"/>
<path d="M300 236 Q330 236 360 268" fill="none" stroke="${p.lighter}" stroke-width="8" stroke-linecap="round"/>
<path d="M96 390 L552 390 Q576 396 570 420 Q560 462 510 466 L150 466 Q96 466 90 430 Q88 396 96 390 Z" fill="#f7f7f4" stroke="#c5c1b6" stroke-width="2"/>
<path d="M100 420 Q300 402 566 414" fill="none" stroke="${p.base}" stroke-width="10" opacity="0.75"/>
<path d="M120 458 L520 458" stroke="#b8b4aa" stroke-width="6"/>`;
}

/** A mini crossbody bag: a rounded flap with its clasp, on a long strap. */
function bagCrossbody(p: Palette): string {
  const { u } = p;
  return `${shadow(p, 300, 500, 170, 14)}
<path d="M190 300 Q150 60 300 56 Q450 60 410 300" fill="none" stroke="${p.dark}" stroke-width="10" stroke-linecap="round"/>
<path d="M196 292 Q160 80 300 70" fill="none" stroke="${p.light}" stroke-width="2" opacity="0.5"/>
<rect x="176" y="288" width="22" height="22" rx="5" fill="url(#${u}-gold)"/>
<rect x="402" y="288" width="22" height="22" rx="5" fill="url(#${u}-gold)"/>
<rect x="170" y="300" width="260" height="186" rx="36" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="3"/>
<path d="M170 336 Q170 300 206 300 L394 300 Q430 300 430 336 L430 380 Q300 430 170 380 Z" fill="url(#${u}-v)" stroke="${p.dark}" stroke-width="3"/>
<path d="M186 372 Q300 414 414 372" fill="none" stroke="${p.lighter}" stroke-width="2" stroke-dasharray="5 5" opacity="0.7"/>
<circle cx="300" cy="404" r="15" fill="url(#${u}-gold)" stroke="${p.darker}" stroke-width="1.5"/>`;
}

/** A tinted balm: a rounded stick in a slim tube, its cap beside it. */
function lipBalm(p: Palette): string {
  const { u } = p;
  return `${shadow(p, 300, 526, 170, 14)}
<rect x="338" y="230" width="84" height="290" rx="40" fill="#f3f1ec" stroke="#c7c2b8" stroke-width="2"/>
<rect x="352" y="250" width="10" height="240" rx="5" fill="#ffffff" opacity="0.7"/>
<path d="M196 310 L196 196 Q196 152 234 152 Q272 152 272 196 L272 310 Z" fill="url(#${u}-cyl)" stroke="${p.dark}" stroke-width="2"/>
<rect x="206" y="178" width="10" height="120" rx="5" fill="#ffffff" opacity="0.35"/>
<rect x="188" y="304" width="92" height="216" rx="40" fill="#f3f1ec" stroke="#c7c2b8" stroke-width="2"/>
<rect x="188" y="390" width="92" height="56" fill="${p.base}" opacity="0.85"/>
<text x="234" y="426" text-anchor="middle" font-family="sans-serif" font-size="20" font-weight="700" fill="#ffffff">SPF15</text>`;
}

/** An open powder compact: the mirror in the lid, the pressed powder and its puff. */
function powderCompact(p: Palette): string {
  const { u } = p;
  return `${shadow(p, 300, 508, 210, 16)}
<ellipse cx="300" cy="190" rx="170" ry="120" fill="url(#${u}-chrome)" stroke="#8d939c" stroke-width="3"/>
<ellipse cx="300" cy="190" rx="146" ry="100" fill="#e9eef3"/>
<path d="M196 150 Q250 110 320 104" fill="none" stroke="#ffffff" stroke-width="12" stroke-linecap="round" opacity="0.9"/>
<ellipse cx="300" cy="400" rx="190" ry="100" fill="#2a2b30" stroke="#15151a" stroke-width="3"/>
<ellipse cx="300" cy="388" rx="170" ry="84" fill="url(#${u}-chrome)"/>
<ellipse cx="300" cy="388" rx="150" ry="70" fill="url(#${u}-v)"/>
<path d="M200 380 Q260 340 330 346" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.3"/>
<ellipse cx="388" cy="420" rx="80" ry="40" fill="${p.lighter}" stroke="${p.light}" stroke-width="2"/>
<ellipse cx="388" cy="414" rx="40" ry="14" fill="#ffffff" opacity="0.6"/>`;
}

/** A night cream: the jar with a moon and stars on its label. */
function creamJarNight(p: Palette): string {
  return `${creamJar(p)}
<path d="M216 396 A26 26 0 1 0 240 358 A20 20 0 1 1 216 396 Z" fill="${p.darker}"/>
${[
  [200, 368, 5],
  [386, 372, 6],
  [404, 402, 4],
]
  .map(([x, y, r]) => sparkle(x!, y!, r!).replace('fill="#ffffff"', `fill="${p.darker}"`))
  .join("")}`;
}

/** A hydration serum in a pump bottle, a water drop on its label. */
function serumPump(p: Palette): string {
  const { u } = p;
  return `${shadow(p, 300, 516, 130, 12)}
<rect x="276" y="120" width="48" height="80" rx="6" fill="url(#${u}-chrome)"/>
<path d="M250 120 L250 96 Q250 86 260 86 L368 86 Q380 86 380 98 L380 108 L330 108 L330 120 Z" fill="#f5f5f2" stroke="#bfbcb4" stroke-width="2"/>
<rect x="230" y="196" width="140" height="40" rx="10" fill="#f5f5f2" stroke="#bfbcb4" stroke-width="2"/>
<rect x="200" y="230" width="200" height="280" rx="30" fill="url(#${u}-cyl)" stroke="${p.dark}" stroke-width="3" opacity="0.92"/>
<rect x="214" y="250" width="16" height="230" rx="8" fill="#ffffff" opacity="0.4"/>
<rect x="230" y="320" width="140" height="130" rx="10" fill="#ffffff" opacity="0.9"/>
<path d="M300 338 Q326 372 326 392 A26 26 0 0 1 274 392 Q274 372 300 338 Z" fill="${p.base}"/>
<rect x="256" y="430" width="88" height="8" rx="4" fill="${p.dark}"/>`;
}

/** An eau de toilette in a tall square flacon with a wooden cap. */
function perfumeSquare(p: Palette): string {
  const { u } = p;
  return `${shadow(p, 300, 520, 140, 14)}
<rect x="262" y="98" width="76" height="100" rx="8" fill="#8b5a33" stroke="#5e3b1f" stroke-width="2"/>
<path d="M272 110 L272 186 M288 110 L288 186 M312 110 L312 186" stroke="#6d4425" stroke-width="3" opacity="0.6"/>
<rect x="280" y="196" width="40" height="24" fill="url(#${u}-chrome)"/>
<rect x="196" y="218" width="208" height="294" rx="12" fill="url(#${u}-cyl)" stroke="${p.dark}" stroke-width="3" opacity="0.95"/>
<rect x="212" y="234" width="176" height="262" rx="6" fill="${p.darker}" opacity="0.25"/>
<rect x="214" y="236" width="18" height="250" rx="9" fill="#ffffff" opacity="0.4"/>
<rect x="240" y="360" width="120" height="70" rx="4" fill="#f4efe6"/>
<rect x="258" y="380" width="84" height="8" rx="4" fill="#5e3b1f"/>
<rect x="272" y="398" width="56" height="6" rx="3" fill="${p.base}"/>`;
}

/** A slim travel spray: a cylinder with its atomiser. */
function perfumeSpray(p: Palette): string {
  const { u } = p;
  return `${shadow(p, 300, 526, 90, 12)}
<rect x="276" y="86" width="48" height="40" rx="8" fill="url(#${u}-chrome)"/>
<rect x="290" y="72" width="20" height="18" rx="4" fill="url(#${u}-chrome)"/>
<rect x="262" y="124" width="76" height="50" rx="6" fill="url(#${u}-gold)"/>
<rect x="246" y="170" width="108" height="350" rx="40" fill="url(#${u}-cyl)" stroke="${p.dark}" stroke-width="3"/>
<rect x="260" y="190" width="12" height="300" rx="6" fill="#ffffff" opacity="0.45"/>
<rect x="246" y="300" width="108" height="90" fill="#ffffff" opacity="0.85"/>
<circle cx="300" cy="345" r="24" fill="${p.base}"/>
<path d="M300 321 L300 369 M276 345 L324 345 M283 328 L317 362 M317 328 L283 362" stroke="#ffffff" stroke-width="3"/>`;
}

/** A cocktail ring: an oval sapphire, deep blue, in a halo of small diamonds. */
function ringHalo(p: Palette): string {
  const { u } = p;
  const halo = Array.from({ length: 16 }, (_, i) => {
    const a = (i / 16) * Math.PI * 2;
    const x = 300 + Math.cos(a) * 68;
    const y = 206 + Math.sin(a) * 52;
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="10" fill="url(#${u}-gem)" stroke="#a9b8c9" stroke-width="1.2"/>`;
  }).join("");
  return `${shadow(p, 300, 500, 170, 16)}
<defs><radialGradient id="${u}-sapphire" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#6f9bff"/><stop offset="0.45" stop-color="#1f47c8"/><stop offset="1" stop-color="#0a1f6b"/></radialGradient></defs>
<ellipse cx="300" cy="384" rx="138" ry="98" fill="none" stroke="${p.dark}" stroke-width="24"/>
<path d="M162 384 A138 98 0 0 0 438 384" fill="none" stroke="url(#${u}-v)" stroke-width="28" stroke-linecap="round"/>
<path d="M250 290 L350 290 L336 252 L264 252 Z" fill="url(#${u}-v)" stroke="${p.dark}" stroke-width="2"/>
<ellipse cx="300" cy="206" rx="82" ry="66" fill="url(#${u}-v)" stroke="${p.dark}" stroke-width="2"/>
${halo}
<ellipse cx="300" cy="206" rx="50" ry="38" fill="url(#${u}-sapphire)" stroke="#08175a" stroke-width="2"/>
<path d="M260 206 L300 172 L340 206 L300 240 Z M260 206 L340 206 M300 172 L300 240" fill="none" stroke="#9fc0ff" stroke-width="1.5" opacity="0.6"/>
<ellipse cx="284" cy="192" rx="12" ry="7" fill="#ffffff" opacity="0.55"/>
${sparkle(404, 150, 16)}`;
}

/** Stackable bands: three slim rings, the middle one set with a row of small stones. */
function ringBands(p: Palette): string {
  const { u } = p;
  const band = (cy: number, stones: boolean) => {
    const top = `<ellipse cx="300" cy="${cy}" rx="150" ry="58" fill="none" stroke="${p.dark}" stroke-width="14"/>
<path d="M150 ${cy} A150 58 0 0 0 450 ${cy}" fill="none" stroke="url(#${u}-v)" stroke-width="16" stroke-linecap="round"/>`;
    if (!stones) return top;
    const row = Array.from({ length: 11 }, (_, i) => {
      const a = Math.PI * (0.15 + (i / 10) * 0.7);
      const x = 300 - Math.cos(a) * 150;
      const y = cy + Math.sin(a) * 58;
      return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="6.5" fill="url(#${u}-gem)" stroke="#9fb3cc" stroke-width="1"/>`;
    }).join("");
    return top + row;
  };
  return `${shadow(p, 300, 500, 170, 14)}
${band(250, false)}
${band(330, true)}
${band(410, false)}
${sparkle(250, 392, 10)}${sparkle(420, 360, 12)}`;
}

/** A birthstone charm: a fine chain, a round disc with its small stone. */
function necklaceCharm(p: Palette): string {
  const { u } = p;
  const chain = "M150 60 C150 290 230 372 300 376 C370 372 450 290 450 60";
  return `${shadow(p, 300, 540, 60, 10)}
<path d="${chain}" fill="none" stroke="url(#${u}-v)" stroke-width="4" stroke-dasharray="7 4" stroke-linecap="round"/>
<circle cx="300" cy="388" r="9" fill="none" stroke="url(#${u}-v)" stroke-width="4"/>
<circle cx="300" cy="452" r="58" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="3"/>
<circle cx="300" cy="452" r="46" fill="none" stroke="${p.lighter}" stroke-width="2" opacity="0.7"/>
<text x="300" y="470" text-anchor="middle" font-family="serif" font-size="44" font-style="italic" fill="${p.darker}" opacity="0.75">A</text>
<circle cx="338" cy="418" r="11" fill="#3aa2d8" stroke="#1d6f99" stroke-width="2"/>
<circle cx="335" cy="415" r="3.5" fill="#ffffff" opacity="0.8"/>
${sparkle(360, 388, 10)}`;
}

/** Pearl drops: a hook, a small bead and a freshwater pearl. */
function earringsPearl(p: Palette): string {
  const { u } = p;
  const earring = (cx: number): string => `${shadow(p, cx, 470, 56, 10)}
<path d="M${cx} 220 L${cx} 150 Q${cx} 110 ${cx + 28} 110 Q${cx + 52} 110 ${cx + 52} 138 Q${cx + 52} 160 ${cx + 40} 172" fill="none" stroke="url(#${u}-v)" stroke-width="5" stroke-linecap="round"/>
<circle cx="${cx}" cy="232" r="12" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="2"/>
<path d="M${cx} 244 L${cx} 270" stroke="${p.dark}" stroke-width="4"/>
<defs><radialGradient id="${u}-pearl${cx}" cx="38%" cy="32%" r="72%"><stop offset="0" stop-color="#ffffff"/><stop offset="0.55" stop-color="#f1ece2"/><stop offset="1" stop-color="#c9c0b0"/></radialGradient></defs>
<ellipse cx="${cx}" cy="338" rx="62" ry="70" fill="url(#${u}-pearl${cx})" stroke="#b9b09f" stroke-width="1.5"/>
<ellipse cx="${cx - 20}" cy="312" rx="16" ry="10" fill="#ffffff" opacity="0.85"/>`;
  return `${earring(205)}\n${earring(395)}`;
}

/** A steel automatic watch on a link bracelet. */
function watchSteel(p: Palette): string {
  const { u } = p;
  const links = (from: number) =>
    Array.from({ length: 5 }, (_, i) => {
      const y = from + i * 28;
      return `<rect x="244" y="${y}" width="112" height="24" rx="4" fill="url(#${u}-chrome)" stroke="#7b818a" stroke-width="1.5"/><path d="M282 ${y} L282 ${y + 24} M318 ${y} L318 ${y + 24}" stroke="#7b818a" stroke-width="2"/>`;
    }).join("");
  return `${shadow(p, 300, 552, 120, 12)}
${links(52)}
${links(414)}
${watchHead(p)}`;
}

/** A petite quartz watch on a fine mesh band. */
function watchMesh(p: Palette): string {
  const { u } = p;
  return `${shadow(p, 300, 552, 100, 12)}
<defs><pattern id="${u}-weave" width="8" height="8" patternUnits="userSpaceOnUse"><path d="M0 8 L8 0 M-2 2 L2 -2 M6 10 L10 6" stroke="${p.darker}" stroke-width="1.2" opacity="0.45"/></pattern></defs>
<path d="M252 48 L348 48 L344 210 L256 210 Z" fill="url(#${u}-v)"/><path d="M252 48 L348 48 L344 210 L256 210 Z" fill="url(#${u}-weave)"/>
<path d="M256 390 L344 390 L348 552 L252 552 Z" fill="url(#${u}-v)"/><path d="M256 390 L344 390 L348 552 L252 552 Z" fill="url(#${u}-weave)"/>
<rect x="262" y="520" width="76" height="26" rx="4" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="1.5"/>
<rect x="394" y="288" width="18" height="24" rx="5" fill="url(#${u}-v)" stroke="${p.dark}" stroke-width="2"/>
<circle cx="300" cy="300" r="100" fill="url(#${u}-body)" stroke="${p.dark}" stroke-width="3"/>
<circle cx="300" cy="300" r="86" fill="url(#${u}-dial)"/>
${[0, 90, 180, 270].map((r) => `<rect x="297" y="222" width="6" height="16" rx="2" fill="${p.darker}" transform="rotate(${r} 300 300)"/>`).join("")}
${[30, 60, 120, 150, 210, 240, 300, 330].map((r) => `<circle cx="300" cy="228" r="3" fill="${p.dark}" transform="rotate(${r} 300 300)"/>`).join("")}
<rect x="296" y="254" width="8" height="50" rx="4" fill="${p.darker}" transform="rotate(-40 300 300)"/>
<rect x="298" y="232" width="4" height="72" rx="2" fill="${p.darker}" transform="rotate(70 300 300)"/>
<circle cx="300" cy="300" r="6" fill="${p.darker}"/>
<path d="M230 262 A76 76 0 0 1 320 226 L314 240 A62 62 0 0 0 242 270 Z" fill="#ffffff" opacity="0.25"/>`;
}

/** A diver's chronograph: a rotating bezel with its minute marks, two sub-dials, a rubber strap. */
function watchDiver(p: Palette): string {
  const { u } = p;
  const bezel = Array.from({ length: 60 }, (_, i) => {
    const major = i % 5 === 0;
    return `<rect x="${major ? 297 : 299}" y="${major ? 160 : 162}" width="${major ? 6 : 2}" height="${major ? 16 : 8}" fill="#ffffff" opacity="${i < 15 ? 0.95 : 0.7}" transform="rotate(${i * 6} 300 300)"/>`;
  }).join("");
  const sub = (cx: number) =>
    `<circle cx="${cx}" cy="318" r="26" fill="${p.darker}" stroke="${p.light}" stroke-width="2"/><rect x="${cx - 1.5}" y="296" width="3" height="22" fill="#ffffff" transform="rotate(40 ${cx} 318)"/>`;
  return `${shadow(p, 300, 552, 130, 12)}
<path d="M234 44 L366 44 L358 180 L242 180 Z" fill="#1c1d22"/>
<path d="M242 420 L358 420 L366 556 L234 556 Z" fill="#1c1d22"/>
${[70, 100, 130, 450, 480, 510].map((y) => `<rect x="262" y="${y}" width="76" height="6" rx="3" fill="#000000" opacity="0.5"/>`).join("")}
<rect x="430" y="280" width="26" height="40" rx="6" fill="url(#${u}-chrome)"/>
<rect x="424" y="228" width="18" height="24" rx="4" fill="url(#${u}-chrome)" transform="rotate(-30 433 240)"/>
<rect x="424" y="348" width="18" height="24" rx="4" fill="url(#${u}-chrome)" transform="rotate(30 433 360)"/>
<circle cx="300" cy="300" r="150" fill="url(#${u}-chrome)" stroke="#5b616b" stroke-width="3"/>
<circle cx="300" cy="300" r="140" fill="${p.darker}"/>
${bezel}
<path d="M300 146 L312 166 L288 166 Z" fill="#ff5a3c"/>
<circle cx="300" cy="300" r="112" fill="url(#${u}-body)"/>
${sub(256)}${sub(344)}
${[0, 90, 180, 270].map((r) => `<rect x="294" y="196" width="12" height="22" rx="2" fill="#e8f7e4" transform="rotate(${r} 300 300)"/>`).join("")}
<rect x="295" y="232" width="10" height="74" rx="5" fill="#e8f7e4" stroke="#1c1d22" stroke-width="1" transform="rotate(-50 300 300)"/>
<rect x="297" y="206" width="6" height="100" rx="3" fill="#e8f7e4" stroke="#1c1d22" stroke-width="1" transform="rotate(40 300 300)"/>
<rect x="299" y="200" width="2" height="120" fill="#ff5a3c" transform="rotate(160 300 300)"/>
<circle cx="300" cy="300" r="8" fill="#1c1d22"/>`;
}

const DRAWINGS: Record<IllustrationKind, (p: Palette) => string> = {
  headphones,
  smartphone,
  tablet,
  laptop,
  smartwatch,
  speaker,
  camera,
  tshirt,
  dress,
  jacket,
  sneaker,
  handbag,
  lipstick,
  perfume,
  serum,
  "cream-jar": creamJar,
  ring,
  necklace,
  earrings,
  watch,
  "headphones-wired": headphonesWired,
  "smartphone-back": smartphoneBack,
  "laptop-keyboard": laptopKeyboard,
  "tshirt-stack": tshirtStack,
  "jacket-denim": jacketDenim,
  "dress-slip": dressSlip,
  "sneaker-runner": sneakerRunner,
  "bag-crossbody": bagCrossbody,
  "lip-balm": lipBalm,
  "powder-compact": powderCompact,
  "cream-jar-night": creamJarNight,
  "serum-pump": serumPump,
  "perfume-square": perfumeSquare,
  "perfume-spray": perfumeSpray,
  "ring-halo": ringHalo,
  "ring-bands": ringBands,
  "necklace-charm": necklaceCharm,
  "earrings-pearl": earringsPearl,
  "watch-steel": watchSteel,
  "watch-mesh": watchMesh,
  "watch-diver": watchDiver,
};

/** Cuts text to at most `max` characters, ending with an ellipsis when cut. */
function clip(text: string, max: number): string {
  const chars = Array.from(text.trim());
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max - 1).join("")}…`;
}

/** Greedy word wrap into at most `maxLines` lines of about `maxChars` characters. */
function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (Array.from(next).length <= maxChars || !current) {
      current = next;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines.map((l) => clip(l, maxChars));
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = clip(lines.slice(maxLines - 1).join(" "), maxChars);
  return kept.map((l) => clip(l, maxChars));
}

/** A 600×600 product picture of `kind` in `color`, with an optional small caption. */
export function productSvg(kind: IllustrationKind, color: string, label?: string): string {
  assertHexColor(color);
  const draw = DRAWINGS[kind];
  if (!draw) throw new TypeError(`Unknown illustration kind ${JSON.stringify(kind)}`);
  const p = palette(color, `${kind}|${color}|${label ?? ""}`);
  const title = label ? escapeXml(clip(label, 80)) : escapeXml(kind);
  const caption = label
    ? `<text x="300" y="576" text-anchor="middle" font-family="sans-serif" font-size="22" fill="${p.darker}" opacity="0.8">${escapeXml(clip(label, 44))}</text>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" aria-label="${title}">
${defs(p)}
<rect width="600" height="600" fill="url(#${p.u}-bg)"/>
<circle cx="300" cy="300" r="228" fill="${p.lighter}" opacity="0.35"/>
${draw(p)}
${caption}
</svg>`;
}

/** Text colour that reads well on a background of the given colour. */
function inkOn(color: string): string {
  return luminance(color) > 0.45 ? "#1b1d22" : "#ffffff";
}

/**
 * A 1600×600 banner picture without words: the storefront writes a banner's title, subtitle and button over it as
 * real text, readable at any width. `key` (the banner's title) varies the pattern between banners of one colour.
 */
export function bannerSvg(color: string, key = ""): string {
  assertHexColor(color);
  const p = palette(color, `banner|${key}|${color}`);
  const { u } = p;
  const start = darken(color, 0.3);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 600" width="1600" height="600" aria-hidden="true">
<defs>
<linearGradient id="${u}-bbg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${start}"/><stop offset="1" stop-color="${color}"/></linearGradient>
<pattern id="${u}-dots" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="3" fill="${p.lighter}" opacity="0.35"/></pattern>
</defs>
<rect width="1600" height="600" fill="url(#${u}-bbg)"/>
<circle cx="1260" cy="300" r="270" fill="${p.light}" opacity="0.25"/>
<circle cx="1420" cy="110" r="150" fill="${p.lighter}" opacity="0.18"/>
<circle cx="1170" cy="440" r="190" fill="none" stroke="${p.lighter}" stroke-width="3" opacity="0.4"/>
<circle cx="1300" cy="300" r="120" fill="none" stroke="${p.lighter}" stroke-width="2" opacity="0.35"/>
<rect x="1000" y="430" width="224" height="140" fill="url(#${u}-dots)"/>
<rect x="0" y="0" width="200" height="112" fill="url(#${u}-dots)"/>
</svg>`;
}

/** A 1200×630 cover picture for a blog post. */
export function blogSvg(title: string, color: string): string {
  assertHexColor(color);
  const p = palette(color, `blog|${title}|${color}`);
  const { u } = p;
  const start = darken(color, 0.25);
  const ink = inkOn(mix(start, color, 0.5));
  const lines = wrap(title, 30, 3);
  const firstY = 315 - ((lines.length - 1) * 70) / 2 + 20;
  const titleText = lines
    .map(
      (line, i) =>
        `<text x="100" y="${firstY + i * 70}" font-family="sans-serif" font-size="58" font-weight="700" fill="${ink}">${escapeXml(line)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630" role="img" aria-label="${escapeXml(clip(title, 120))}">
<defs>
<linearGradient id="${u}-gbg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${start}"/><stop offset="1" stop-color="${lighten(color, 0.1)}"/></linearGradient>
</defs>
<rect width="1200" height="630" fill="url(#${u}-gbg)"/>
<circle cx="1040" cy="120" r="220" fill="${p.light}" opacity="0.22"/>
<circle cx="1110" cy="540" r="160" fill="none" stroke="${p.lighter}" stroke-width="3" opacity="0.4"/>
<circle cx="80" cy="610" r="120" fill="${p.lighter}" opacity="0.12"/>
<rect x="100" y="120" width="64" height="6" rx="3" fill="${ink}" opacity="0.8"/>
<text x="100" y="160" font-family="sans-serif" font-size="22" font-weight="700" letter-spacing="4" fill="${ink}" opacity="0.8">SHOP JOURNAL</text>
${titleText}
</svg>`;
}
