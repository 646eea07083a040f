// The one door to the system browser (issue 18 item 8). A link opens without a question when
// it goes to the service itself or to a host the service returned links on (download, embed);
// anything else that is still a safe link (https, or loopback http in the source tree) is
// asked about first, once per host for the session; everything else is refused.
import type { BrowserWindow, Dialog } from 'electron';
import { originOf } from './origins.ts';
import { openableExternalUrl, type ExternalLinkPolicy } from './security.ts';

export interface ExternalLinkDeps {
  policy: ExternalLinkPolicy;
  /** The service's own origins (its base URL). */
  serviceOrigins: () => string[];
  /** The service returned links on this origin (the library knows them). */
  knowsLinkOrigin: (origin: string) => boolean;
  dialog: Pick<Dialog, 'showMessageBox'>;
  window: () => BrowserWindow | null;
  open: (url: string) => Promise<void>;
}

export type LinkVerdict = 'open' | 'ask' | 'refuse';

/** The verdict, with the checked link and its origin when it is not refused. */
export function judgeLink(
  url: string,
  deps: Pick<ExternalLinkDeps, 'policy' | 'serviceOrigins' | 'knowsLinkOrigin'>,
  approved: ReadonlySet<string>,
): { verdict: 'refuse' } | { verdict: 'open' | 'ask'; safe: string; origin: string } {
  const safe = openableExternalUrl(url, deps.policy);
  const origin = originOf(safe);
  if (safe === null || origin === null) return { verdict: 'refuse' };
  const known = approved.has(origin) || deps.serviceOrigins().includes(origin) || deps.knowsLinkOrigin(origin);
  return { verdict: known ? 'open' : 'ask', safe, origin };
}

export function linkVerdict(url: string, deps: Pick<ExternalLinkDeps, 'policy' | 'serviceOrigins' | 'knowsLinkOrigin'>, approved: ReadonlySet<string>): LinkVerdict {
  return judgeLink(url, deps, approved).verdict;
}

export class ExternalLinks {
  readonly #deps: ExternalLinkDeps;
  /** Hosts the person agreed to open this session. */
  readonly #approved = new Set<string>();

  constructor(deps: ExternalLinkDeps) {
    this.#deps = deps;
  }

  /** Opens `url` in the browser when allowed or agreed; answers whether it was opened. */
  async open(url: string): Promise<boolean> {
    const link = judgeLink(url, this.#deps, this.#approved);
    if (link.verdict === 'refuse') return false;
    if (link.verdict === 'ask' && !(await this.#ask(link.origin))) return false;
    this.#approved.add(link.origin);
    await this.#deps.open(link.safe);
    return true;
  }

  async #ask(origin: string): Promise<boolean> {
    const options = {
      type: 'question' as const,
      buttons: ['Open in browser', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      title: 'Open a link',
      message: `Open ${origin} in your browser?`,
      detail: 'This address is not your video service, and the service has not given out links there. Open it only if you trust it.',
    };
    const win = this.#deps.window();
    const { response } = win ? await this.#deps.dialog.showMessageBox(win, options) : await this.#deps.dialog.showMessageBox(options);
    return response === 0;
  }
}
