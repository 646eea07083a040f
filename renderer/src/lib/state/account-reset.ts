// Sign-out and account switches: every state manager that holds an account's data goes
// back to its first state, so nothing of one account shows under another. Settings and the
// session itself are the app's, not the account's: they stay.
import { account } from './account.svelte.ts';
import { drop } from './drop.svelte.ts';
import { library } from './library.svelte.ts';
import { notices } from './notices.svelte.ts';
import { remote } from './remote.svelte.ts';
import { status } from './status.svelte.ts';
import { subtitles } from './subtitles.svelte.ts';
import { thumbnails } from './thumbnails.svelte.ts';
import { uploads } from './uploads.svelte.ts';
import { history } from './history.svelte.ts';

export function resetAccountState(): void {
  for (const manager of [library, uploads, history, remote, account, status, subtitles, thumbnails, drop, notices]) manager.reset();
}
