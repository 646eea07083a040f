// Input validation shared by the routes. Messages are human-readable only: the spec says
// callers must never branch on them.
import { fail } from './errors.ts';

export const ID_RE = /^\w{12}$/;
export const LANGUAGE_RE = /^\w+$/;

type Query = URLSearchParams;

function intFrom(value: unknown, name: string, min: number): number {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) n = Number(value);
  else return fail(`${name} must be an integer >= ${min}`);
  if (!Number.isSafeInteger(n) || n < min) return fail(`${name} must be an integer >= ${min}`);
  return n;
}

export function queryInt(q: Query, name: string, min: number, dflt: number): number {
  const raw = q.get(name);
  if (raw === null) return dflt;
  return intFrom(raw, name, min);
}

export function queryId(q: Query, name = 'id'): string {
  const raw = q.get(name);
  if (raw === null || raw === '') return fail(`${name} is required`);
  if (!ID_RE.test(raw)) return fail(`${name} must be 12 word characters`);
  return raw;
}

export function bodyInt(body: Record<string, unknown>, name: string, min: number): number {
  if (!(name in body) || body[name] === null) return fail(`${name} is required`);
  return intFrom(body[name], name, min);
}

export function optionalBodyInt(body: Record<string, unknown>, name: string, min: number, dflt: number): number {
  const v = body[name];
  if (v === undefined || v === null || v === '') return dflt;
  return intFrom(v, name, min);
}

export function bodyId(body: Record<string, unknown>, name = 'id'): string {
  const v = body[name];
  if (v === undefined || v === null || v === '') return fail(`${name} is required`);
  if (typeof v !== 'string' || !ID_RE.test(v)) return fail(`${name} must be 12 word characters`);
  return v;
}

export function bodyString(body: Record<string, unknown>, name: string, maxLength = 255): string {
  const v = body[name];
  if (v === undefined || v === null) return fail(`${name} is required`);
  if (typeof v !== 'string') return fail(`${name} must be a string`);
  const s = v.trim();
  if (s === '') return fail(`${name} must not be empty`);
  if (s.length > maxLength) return fail(`${name} must be at most ${maxLength} characters`);
  return s;
}

export function language(value: unknown): string {
  if (value === undefined || value === null || value === '') return fail('language is required');
  if (typeof value !== 'string' || !LANGUAGE_RE.test(value) || value.length > 32) {
    return fail('language must match ^\\w+$ (letters, digits, underscore)');
  }
  return value;
}

export function httpUrl(value: unknown, name = 'url'): URL {
  if (value === undefined || value === null || value === '') return fail(`${name} is required`);
  if (typeof value !== 'string' || value.length > 2048) return fail(`${name} must be a string`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail(`${name} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail(`${name} must be an HTTP or HTTPS URL`);
  return url;
}
