// Copying links: through the main process (the page itself holds no clipboard permission),
// with a confirmation when it worked and the reason when it did not.
import { api } from './api.ts';
import { notices } from './state/notices.svelte.ts';
import { getLocale, m } from '../../../shared/i18n/index.ts';

/** `what` names what was copied as a heading would ("Download link"); each language words the sentence around it. */
export async function copyText(text: string, what: string): Promise<boolean> {
  try {
    await api.call('clipboard:writeText', { text });
    notices.info(m.tasks_copied({ what }));
    return true;
  } catch (error) {
    // Mid-sentence most languages write the noun small; German keeps its capital (the catalog picks).
    notices.error(m.tasks_copy_failed({ what, whatLower: what.toLocaleLowerCase(getLocale()) }), error);
    return false;
  }
}
