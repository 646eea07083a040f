// The language the shell speaks (menus, tray, notifications, native dialogs): the Settings
// choice, or with 'system' the system's preferred languages (app.getPreferredSystemLanguages),
// matched by resolveLocale with its fallback chain (pt-PT → pt-BR → English). The shell's
// messages (`m.shell_…`) read it through Paraglide's getLocale, overwritten here once, so a
// change of the setting applies to every text built after it (start.ts rebuilds the menus and
// the tray then). A language's words are loaded before it applies (the main bundle holds
// English alone at start: shared/i18n/process-catalog.ts). Numbers in the texts are formatted
// here with Intl in the same locale.
import { overwriteGetLocale, resolveLocale, type LanguageChoice, type Locale } from '../../shared/i18n/index.ts';
import { loadLanguage } from '../../shared/i18n/process-catalog.ts';

let current: Locale = 'en';
/** Counts the choices applied: of two made in quick succession, the later one wins whichever words load first. */
let choices = 0;
overwriteGetLocale(() => current);

export function shellLocale(): Locale {
  return current;
}

/** Sets the shell's locale once its words are loaded; answers whether it changed (then the shell rebuilds what it shows). */
export async function applyShellLanguage(choice: LanguageChoice, systemPreferred: readonly string[]): Promise<boolean> {
  const next = resolveLocale(systemPreferred, choice);
  const asked = ++choices;
  await loadLanguage(next);
  // A later choice was made meanwhile: it decides.
  if (asked !== choices) return false;
  const changed = next !== current;
  current = next;
  return changed;
}

/** A count for display, with the locale's digits and grouping. */
export function formatCount(value: number): string {
  return new Intl.NumberFormat(current).format(value);
}

export function formatPercent(fraction: number): string {
  return new Intl.NumberFormat(current, { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}

/** Names as a list in the locale ("A, B, C"). */
export function formatList(names: readonly string[]): string {
  return new Intl.ListFormat(current, { type: 'unit', style: 'short' }).format(names);
}
