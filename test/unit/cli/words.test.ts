// The command line's own words and shapes: the folder tree `ls` draws, the counted summary of
// a run that uploads, and the cause it names when the service cannot be reached.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Folder } from '../../../shared/model.ts';
import { folderTree } from '../../../electron/cli/commands/library.ts';
import { uploadSummary } from '../../../electron/cli/summary.ts';
import { cannotReach, causeOf, unreachable } from '../../../electron/cli/reach.ts';
import { ServiceError } from '../../../electron/core/api/errors.ts';
import { TransportError } from '../../../electron/core/api/http.ts';
import { counted, formatBytes, speakLocaleOf, words } from '../../../electron/cli/locale.ts';
import { loadLanguage } from '../../../shared/i18n/process-catalog.ts';
import { CliError, EXIT } from '../../../electron/cli/context.ts';
import { displayWidth, table } from '../../../electron/cli/output.ts';
import { m } from '../../../shared/i18n/index.ts';
import { said } from '../../../shared/said.ts';

const folder = (id: number, name: string, parent: number): Folder => ({ id, name, parent, code: `c${id}`, isPublic: false, openEmbed: false, files: 0, color: '', pending: null });

describe('folderTree', () => {
  it('puts each sub-folder under its parent, siblings by name (numbers in order), one level deeper', () => {
    const rows = folderTree([folder(3, 'Trip 10', 1), folder(1, 'Travel', 0), folder(2, 'Trip 9', 1), folder(4, 'Archive', 0), folder(5, 'Day 1', 2)]);
    expect(rows.map(({ folder: f, depth }) => `${'  '.repeat(depth)}${f.name}`)).toEqual(['Archive', 'Travel', '  Trip 9', '    Day 1', '  Trip 10']);
  });

  it('shows a folder whose parent is not in the library, and a loop of parents, at the top without losing any', () => {
    const rows = folderTree([folder(7, 'Orphan', 99), folder(8, 'Loop A', 9), folder(9, 'Loop B', 8)]);
    expect(rows.map((r) => [r.folder.name, r.depth])).toEqual([
      ['Orphan', 0],
      ['Loop A', 0],
      ['Loop B', 0],
    ]);
  });
});

describe('uploadSummary', () => {
  it('counts what happened: uploaded always, the rest when there is any', () => {
    expect(uploadSummary([{ state: 'done', already: true }], 0).sentence).toBe('0 uploaded, 1 already on the service.');
    expect(uploadSummary([{ state: 'done', already: false }], 0).sentence).toBe('1 uploaded.');
    const mixed = uploadSummary(
      [
        { state: 'done', already: false },
        { state: 'failed', already: false },
        { state: 'waiting', already: false },
      ],
      2,
      3,
    );
    expect(mixed.sentence).toBe('1 uploaded, 3 not uploaded, 1 still in the queue, 3 skipped (not videos).');
    expect(mixed.counts).toEqual({ uploaded: 1, alreadyOnService: 0, notUploaded: 3, stillQueued: 1, skipped: 3 });
  });
});

describe('unreachable', () => {
  // The route comes from the proxy variables: none, unless a test sets one.
  const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'ALL_PROXY', 'all_proxy', 'NO_PROXY', 'no_proxy'];
  let saved: Record<string, string | undefined> = {};
  beforeEach(() => {
    saved = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, process.env[name]]));
    for (const name of PROXY_VARIABLES) delete process.env[name];
  });
  afterEach(() => {
    for (const name of PROXY_VARIABLES) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });
  const failure = (errno: string | null, kind: 'network' | 'timeout' = 'network'): ServiceError =>
    new ServiceError('offline', 'core words', { kind, cause: new TransportError(kind, said('connection_closed_mid_reply'), { errno }) });

  it('words the socket error, not the core’s sentence, and names the address', async () => {
    const offline = await unreachable('http://127.0.0.1:1', failure('ECONNREFUSED'));
    expect(cannotReach(offline)).toBe('http://127.0.0.1:1 cannot be reached (connection refused)');
    expect(causeOf(await unreachable('https://nowhere.invalid', failure('ENOTFOUND')))).toBe('no such host');
    expect(causeOf(await unreachable('https://slow.example', failure(null, 'timeout')))).toBe('no answer in time');
    expect(causeOf(await unreachable('https://odd.example', failure('EWHATEVER')))).toBe('EWHATEVER');
    // Said again in another locale (its words loaded): the same failure, the other language's words.
    await loadLanguage('de');
    expect(cannotReach(offline, 'de')).toBe('http://127.0.0.1:1 ist nicht erreichbar (Verbindung abgelehnt)');
  });

  it('names the proxy from the environment when the service is reached through one', async () => {
    process.env.HTTPS_PROXY = 'http://127.0.0.1:3128';
    expect(causeOf(await unreachable('https://video.example', failure('ECONNREFUSED')))).toBe('connection refused (through the HTTP proxy 127.0.0.1:3128, from the proxy variables)');
  });
});

describe('words in the command line’s locale', () => {
  afterEach(() => speakLocaleOf({}).then(() => undefined));

  it('sizes count in 1024s with the locale’s digits and unit symbols', async () => {
    await speakLocaleOf({ LANG: 'C' });
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.0 GiB');
    await speakLocaleOf({ LANG: 'de_DE.UTF-8' });
    expect(formatBytes(1536)).toBe('1,5 KiB');
    await speakLocaleOf({ LANG: 'fr_FR.UTF-8' });
    expect(formatBytes(1536)).toBe('1,5 Kio');
    await speakLocaleOf({ LANG: 'ru_RU.UTF-8' });
    expect(formatBytes(3)).toBe('3 байта');
  });

  it('a CliError is said in the locale and keeps its English as the message (for --json and logs)', async () => {
    await speakLocaleOf({ LANG: 'pt_BR.UTF-8' });
    const error = new CliError(words(m.cli_folder_not_found, { name: 'Férias' }), EXIT.someFailed, 'not_found');
    expect(error.words()).toBe('Nenhuma pasta se chama “Férias”. `vidlift-cli ls` lista as pastas.');
    expect(error.message).toBe('No folder is named “Férias”. `vidlift-cli ls` lists the folders.');
    // Another language, once its words are loaded (the command line loads only its own).
    await loadLanguage('de');
    expect(error.words('de')).toBe('Kein Ordner heißt „Férias“. `vidlift-cli ls` listet die Ordner auf.');
  });

  it('plurals are the locale’s variants', async () => {
    await speakLocaleOf({ LANG: 'ru_RU.UTF-8' });
    expect(uploadSummary([], 0).sentence).toBe('загружено: 0.');
    expect(m.cli_sync_done(counted(2))).toBe('Библиотека обновлена: 2 папки.');
    expect(m.cli_sync_done(counted(5))).toBe('Библиотека обновлена: 5 папок.');
    await speakLocaleOf({ LANG: 'en_US.UTF-8' });
    expect(m.cli_sync_done(counted(1))).toBe('Library up to date: 1 folder.');
    expect(m.cli_sync_done(counted(1200))).toBe('Library up to date: 1,200 folders.');
  });
});

describe('table', () => {
  it('lines columns up by the width a terminal gives each character', () => {
    expect(displayWidth('名称')).toBe(4);
    expect(displayWidth('مُعرّف')).toBe(4);
    expect(table([['名称', 'x'], ['ab', 'y']]).split('\n')).toEqual(['名称  x', 'ab    y']);
  });
});
