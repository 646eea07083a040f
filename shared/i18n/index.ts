// The one door to the catalogs: the compiled messages (`m.some_key(params)`), the locale in
// force, and the language table. The window, the CLI and the shell import from here, never from
// ./paraglide/ directly, so the generated code has one seam. The core imports none of it: it
// speaks codes with params (issue 30), and whoever shows them to a person words them.
export { m } from './paraglide/messages.js';
export { getLocale, overwriteGetLocale, setLocale } from './paraglide/runtime.js';
export * from './locales.ts';
