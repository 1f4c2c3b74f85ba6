/**
 * Each app's entry imports this first: the apps run under a Content-Security-Policy without 'unsafe-eval'
 * (docs/decisions/011-content-security-policy.md), so zod must neither compile parsers with `new Function` nor
 * probe whether it may (the probe alone is reported as a violation). zod reads its settings from
 * `globalThis.__zod_globalConfig` (shared by every copy of zod), so setting it there, before any schema is
 * built, does what `z.config({ jitless: true })` does without loading zod into the first screen.
 */
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig ??= {};
shared.__zod_globalConfig.jitless = true;
