// The one place a service address the person typed is turned into the form the app keeps:
// http or https only, no user:password, no query or fragment (they would be sent with
// every request, and a query may carry a legacy `key`), no trailing slash.
import { AppError } from '../../../shared/errors.ts';
import { said, type Said } from '../../../shared/said.ts';

export function normalizeBaseUrl(input: string): string {
  const text = typeof input === 'string' ? input.trim() : '';
  if (text === '') throw invalid(said('base_url_empty'));
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(said('base_url_not_web', { text: text.slice(0, 100) }));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(said('base_url_scheme'));
  if (url.username !== '' || url.password !== '') throw invalid(said('base_url_credentials'));
  if (url.search !== '' || text.includes('?')) throw invalid(said('base_url_query'));
  if (url.hash !== '' || text.includes('#')) throw invalid(said('base_url_fragment'));
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path}`;
}

function invalid(message: Said): AppError {
  return new AppError('validation', message, { retryable: false });
}
