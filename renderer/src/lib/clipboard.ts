// Copying links: through the main process (the page itself holds no clipboard permission),
// with a confirmation when it worked and the reason when it did not.
import { api } from './api.ts';
import { notices } from './state/notices.svelte.ts';
import { getLocale, m } from '../../../shared/i18n/index.ts';

/** `what` names what was copied as a heading would ("Download link"); each language words the sentence around it. */
export async function copyText(text: string, what: string): Promise<boolean> {
  // After a word most languages write the noun small, German keeps its capital: each catalog picks.
  const words = { what, whatLower: what.toLocaleLowerCase(getLocale()) };
  try {
    await api.call('clipboard:writeText', { text });
    notices.info(m.tasks_copied(words));
    return true;
  } catch (error) {
    notices.error(m.tasks_copy_failed(words), error);
    return false;
  }
}
