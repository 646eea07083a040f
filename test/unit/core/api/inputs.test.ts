// The client checks every operation's input with the shared schemas before anything is sent
// (issue 19): a bad input is a local validation error and no request leaves. Table-driven:
// one or more bad inputs per operation, through the real ServiceClient with a transport that
// records (and fails the test if it is ever called).
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../../electron/core/api/client.ts';
import { ServiceError } from '../../../../electron/core/api/errors.ts';
import type { Transport } from '../../../../electron/core/api/http.ts';

const sent: string[] = [];
const recording: Transport = (request) => {
  sent.push(request.url.href);
  return Promise.reject(new Error('no request may leave for a bad input'));
};
const client = new ServiceClient({ baseUrl: 'https://api.video.example', apiKey: 'k'.repeat(16), transport: recording });
const file = { path: '/tmp/none.srt', name: 'a.srt', contentType: 'application/x-subrip' };
const GOOD_ID = 'abcdefghijkl';

type Case = [string, () => Promise<unknown>];
const CASES: Case[] = [
  ['reports: 0 days', () => client.reports({ last: 0 })],
  ['reports: a date not YYYY-MM-DD', () => client.reports({ to: '1/2/2024' })],
  ['reports: a date that does not exist', () => client.reports({ to: '2026-02-31' })],
  ['dmca: page 0', () => client.dmca({ page: 0, perPage: 10 })],
  ['dmca: a fractional page size', () => client.dmca({ page: 1, perPage: 2.5 })],
  ['remoteAdd: ftp', () => client.remoteAdd({ url: 'ftp://example.com/a.mp4' })],
  ['remoteAdd: a NUL in the address', () => client.remoteAdd({ url: 'https://example.com/a\0.mp4' })],
  ['copy: a short id', () => client.copy({ id: 'abc' })],
  ['remoteStatus: an id with a slash', () => client.remoteStatus({ id: 'abcdef/hijkl' })],
  ['remoteList: perPage 0', () => client.remoteList({ page: 1, perPage: 0 })],
  ['remoteAction: an unknown action', () => client.remoteAction({ action: 'explode' as 'delete' })],
  ['remoteAction: delete without an id', () => client.remoteAction({ action: 'delete' })],
  ['folderCreate: blank', () => client.folderCreate({ name: '   ' })],
  ['folderCreate: 256 characters', () => client.folderCreate({ name: 'x'.repeat(256) })],
  ['folderCreate: a NUL', () => client.folderCreate({ name: 'a\0b' })],
  ['folderRename: id 0', () => client.folderRename({ id: 0, name: 'x' })],
  ['folderRename: an id beyond the 32-bit folder ids', () => client.folderRename({ id: 2 ** 40, name: 'x' })],
  ['folders: parent -1', () => client.folders({ parent: -1 })],
  ['videos: a NUL in the search', () => client.videos({ folder: 0, page: 1, perPage: 50, search: 'a\0' })],
  ['videos: a 10,000-character search', () => client.videos({ folder: 0, page: 1, perPage: 50, search: 'x'.repeat(10_000) })],
  ['videoInfo: 13 characters', () => client.videoInfo({ id: 'abcdefghijklm' })],
  ['skipIntro: negative', () => client.skipIntro({ id: GOOD_ID, seconds: -1 })],
  ['skipIntro: more than a day', () => client.skipIntro({ id: GOOD_ID, seconds: 90_000 })],
  ['thumbnailUpload: a bad id', () => client.thumbnailUpload({ id: '../etc', file })],
  ['thumbnailDelete: a bad id', () => client.thumbnailDelete({ id: '' })],
  ['subtitleFile: a bad language', () => client.subtitleFile({ id: GOOD_ID, language: 'en-US', file })],
  ['subtitleUrl: a bad address', () => client.subtitleUrl({ id: GOOD_ID, language: 'en', url: 'javascript:alert(1)' })],
];

describe('the client refuses bad inputs locally, with the shared schemas', () => {
  it.each(CASES)('%s', async (_name, call) => {
    const error = await call().then(
      () => null,
      (e: unknown) => e,
    );
    expect(sent).toEqual([]);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'validation', kind: 'local', retryable: false });
    // A sentence naming what is wrong, not "Invalid request. field: …".
    expect((error as Error).message).toMatch(/^[A-Z].*\.$/s);
    expect((error as Error).message).not.toMatch(/Invalid request|^\w+(\.\w+)*: /);
  });

  it('covers every operation of the table that takes an input with at least one bad input', async () => {
    const { OPERATIONS, takesInput } = await import('../../../../electron/core/api/operations.ts');
    const withInput = Object.entries(OPERATIONS)
      .filter(([, operation]) => takesInput(operation))
      .map(([op]) => op);
    expect(withInput).not.toContain('account');
    const covered = new Set(CASES.map(([name]) => name.split(':')[0]));
    expect(withInput.filter((op) => !covered.has(op))).toEqual([]);
  });
});
