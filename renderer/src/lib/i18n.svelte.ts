// The language the window speaks, as Svelte state. Paraglide's message functions ask
// getLocale() each time they are called; overwriteGetLocale points it at this state, so every
// `m.key()` read in a template or a $derived re-runs when the locale changes: the Settings
// picker applies live, without a restart.
//
// The locale is Settings' `language` unless it is 'system'; then the first of the system's
// preferred languages we speak (Electron's app.getPreferredSystemLanguages() through
// app:preferredLanguages; a host that cannot tell answers [] and the browser's
// navigator.languages stand in), else English (shared/i18n/locales.ts resolveLocale).
import { localeRow, matchLocale, overwriteGetLocale, resolveLocale, type LanguageChoice, type Locale } from '../../../shared/i18n/index.ts';
import { api as defaultApi, type ApiClient } from './api.ts';

function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : navigator.languages;
}

export class WindowLocale {
  /** The system's preferred languages, most preferred first. */
  preferred = $state<readonly string[]>(browserLanguages());
  /** Settings' language field. */
  choice = $state<LanguageChoice>('system');
  readonly locale: Locale = $derived(resolveLocale(this.preferred, this.choice));

  /** Asks the host for the system's languages once; on failure the browser's stay. */
  async load(api: ApiClient = defaultApi): Promise<void> {
    const system = await api.call('app:preferredLanguages');
    this.preferred = system.length > 0 ? system : browserLanguages();
  }
}

export const windowLocale = new WindowLocale();
overwriteGetLocale(() => windowLocale.locale);

/** `<html lang dir>` from the language table: screen readers pick the voice, the layout its direction. */
export function applyDocumentLocale(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = localeRow(locale).dir;
}

/**
 * The Intl locale for numbers and dates: the system's own tag when it is the language spoken
 * (en-GB keeps its day-month dates, pt-PT its formats under the Brazilian messages), else the
 * language's; the pseudo-locale formats as English.
 */
export function intlLocale(): string {
  const locale = windowLocale.locale;
  if (locale === 'en-XA') return 'en';
  return windowLocale.preferred.find((tag) => matchLocale(tag) === locale)?.replace(/[.@].*$/, '').replace(/_/g, '-') ?? locale;
}

export { m } from '../../../shared/i18n/index.ts';
