// The one place a service address the person typed is turned into the form the app keeps:
// http or https only, no user:password, no query or fragment (they would be sent with
// every request, and a query may carry a legacy `key`), no trailing slash.
import { AppError } from '../../../shared/errors.ts';

export function normalizeBaseUrl(input: string): string {
  const text = typeof input === 'string' ? input.trim() : '';
  if (text === '') throw invalid('Enter the address of the service, for example https://api.example.com.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(`"${text.slice(0, 100)}" is not a web address. It should look like https://api.example.com.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('The service address must start with https:// (or http://).');
  if (url.username !== '' || url.password !== '') throw invalid('The service address must not contain a user name or password.');
  if (url.search !== '' || text.includes('?')) throw invalid('The service address must not contain a query (the part after "?").');
  if (url.hash !== '' || text.includes('#')) throw invalid('The service address must not contain a fragment (the part after "#").');
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path}`;
}

function invalid(message: string): AppError {
  return new AppError('validation', message, { retryable: false });
}
