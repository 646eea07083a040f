// Checks the URLs a person pasted before anything is stored or sent. The service only
// imports http(s) addresses it can reach publicly; catching the rest here gives one reason
// per line at once instead of a refusal per URL from the service later.
import { MAX_URL } from '../../../shared/model.ts';
import { said, type Said } from '../../../shared/said.ts';

export interface RejectedUrl {
  url: string;
  /** Worded after the address by the window and the CLI. */
  reason: Said;
}

export interface CheckedUrls {
  /** Normalized (`URL.href`), in the order pasted, duplicates collapsed. */
  accepted: string[];
  rejected: RejectedUrl[];
}

/** Why `raw` cannot be imported, or null when it can. */
export function urlProblem(raw: string): Said | null {
  if (raw.length > MAX_URL) return said('remote_url_too_long', { max: MAX_URL });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return said('remote_url_not_web');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return said('remote_url_scheme', { scheme: url.protocol });
  }
  // The service (and every log on its way) would see the credentials in clear.
  if (url.username !== '' || url.password !== '') return said('remote_url_credentials');
  if (url.hostname === '') return said('remote_url_no_host');
  return null;
}

/**
 * Blank entries are ignored (a trailing newline in a paste is not a mistake); duplicates
 * collapse to the first occurrence, compared after normalization so `HTTP://A/x` and
 * `http://a/x` are one import.
 */
export function checkUrls(urls: readonly string[]): CheckedUrls {
  const accepted: string[] = [];
  const rejected: RejectedUrl[] = [];
  const seen = new Set<string>();
  for (const entry of urls) {
    const raw = entry.trim();
    if (raw === '') continue;
    const problem = urlProblem(raw);
    if (problem !== null) {
      rejected.push({ url: raw, reason: problem });
      continue;
    }
    const href = new URL(raw).href;
    if (seen.has(href)) continue;
    seen.add(href);
    accepted.push(href);
  }
  return { accepted, rejected };
}
