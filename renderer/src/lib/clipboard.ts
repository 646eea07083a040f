// Copying links: through the main process (the page itself holds no clipboard permission),
// with a confirmation when it worked and the reason when it did not.
import { api } from './api.ts';
import { notices } from './state/notices.svelte.ts';

export async function copyText(text: string, what: string): Promise<boolean> {
  try {
    await api.call('clipboard:writeText', { text });
    notices.info(`${what} copied`);
    return true;
  } catch (error) {
    notices.error(`Could not copy the ${what.toLowerCase()}`, error);
    return false;
  }
}
