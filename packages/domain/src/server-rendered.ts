/**
 * The attribute the server puts on `<div id="root">` when it has drawn the page into it; the storefront removes it
 * once it has taken the page over (until then the page shows but does not yet answer the app's controls). The
 * storefront's entry looks for it to let that page paint before the app starts: this module holds nothing else,
 * so the entry imports one string.
 */
export const SERVER_RENDERED_ATTRIBUTE = "data-server-rendered";
