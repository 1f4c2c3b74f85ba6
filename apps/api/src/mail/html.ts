/** HTML for mails: a tagged template that escapes every value put into it, unless the value is HTML made here. */

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Markup built by `html`, safe to put into another `html` template as it is. */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

type Value = Html | string | number | null | undefined | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/** html`<p>${name}</p>`: text, numbers and lists of them are escaped; nested html`` stays markup. */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new Html(out);
}
