// Issue 30: the command line speaks the language of LC_ALL / LC_MESSAGES / LANG (English when
// none is one Vidlift speaks), and --json stays locale-free: the same document in every
// language. The real command line as a child process against the sandbox host on loopback.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type Host } from '../../host/index.ts';
import { cliRunner, video } from './run-cli.ts';
import { cliLocale } from '../../../electron/cli/locale.ts';

let host: Host;
let root: string;

beforeAll(async () => {
  host = await startHost({ seed: 'empty' });
  root = mkdtempSync(join(tmpdir(), 'vidlift-cli-language-'));
});

afterAll(async () => {
  await host?.close();
  rmSync(root, { recursive: true, force: true });
});

const cli: ReturnType<typeof cliRunner> = (args, env, options) => cliRunner(root)(args, env, options);
const account = (data: string) => ({ VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: host.apiKey, VIDLIFT_DATA_DIR: join(root, data) });

describe('the command line language', () => {
  it('follows LC_ALL, then LC_MESSAGES, then LANG, through the fallback chain, English otherwise', () => {
    expect(cliLocale({ LANG: 'pt_BR.UTF-8' })).toBe('pt-BR');
    expect(cliLocale({ LANG: 'pt_PT.UTF-8' })).toBe('pt-BR');
    expect(cliLocale({ LC_ALL: 'de_DE.UTF-8', LC_MESSAGES: 'fr_FR.UTF-8', LANG: 'es_ES.UTF-8' })).toBe('de');
    expect(cliLocale({ LC_ALL: '', LC_MESSAGES: 'fr_FR.UTF-8', LANG: 'es_ES.UTF-8' })).toBe('fr');
    expect(cliLocale({ LANG: 'C' })).toBe('en');
    expect(cliLocale({ LANG: 'ja_JP.UTF-8' })).toBe('en');
    expect(cliLocale({})).toBe('en');
  });

  it('LANG=pt_BR.UTF-8 upload speaks Portuguese: the table, the refusal of a missing path and the summary', async () => {
    const dir = join(root, 'files-pt');
    mkdirSync(dir);
    const file = video(join(dir, 'férias.mp4'), 30_000);
    const ghost = join(dir, 'fantasma.mp4');
    const run = await cli(['upload', file, ghost], { ...account('data-pt'), LANG: 'pt_BR.UTF-8' });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^ARQUIVO +DOWNLOAD +INCORPORAÇÃO$/m);
    expect(run.stdout).toMatch(/^1 enviado, 1 não enviado\.$/m);
    expect(run.stderr).toContain(`${ghost}: não existe.`);
    const again = await cli(['upload', file], { ...account('data-pt'), LANG: 'pt_BR.UTF-8' });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('férias.mp4: já está no serviço, não foi enviado de novo.');
    expect(again.stdout).toMatch(/^0 enviado, 1 já no serviço\.$/m);
    // The same run in English says what it always said.
    const english = await cli(['upload', join(dir, 'nowhere.mp4')], { ...account('data-pt'), LANG: 'C' });
    expect(english.stderr).toContain('nowhere.mp4: does not exist.');
    expect(english.stdout).toMatch(/^0 uploaded, 1 not uploaded\.$/m);
  }, 240_000);

  it('upload --json is the same in German, Portuguese, Arabic and C: codes, raw numbers, no words', async () => {
    const dir = join(root, 'files-json');
    mkdirSync(dir);
    const file = video(join(dir, 'clip.mp4'), 40_000);
    const ghost = join(dir, 'ghost.mp4');
    const documents: string[] = [];
    for (const LANG of ['de_DE.UTF-8', 'pt_BR.UTF-8', 'ar_EG.UTF-8', 'C']) {
      // A data folder of its own: each run uploads the file anew (a new video id, normalised below).
      const run = await cli(['upload', file, ghost, '--json'], { ...account(`data-json-${LANG}`), LANG });
      expect(run.code, run.stderr).toBe(1);
      const events = run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { event: string })
        // How many progress events a file gets depends on timing, not on the language.
        .filter((event) => event.event !== 'progress');
      documents.push(JSON.stringify(events).replace(/[0-9a-z]{12}(?="|$)/g, '<videoId>'));
    }
    expect(documents[0]).toContain('"reason":{"code":"path_missing","params":{}}');
    expect(documents[0]).toContain('"event":"summary"');
    expect(new Set(documents).size).toBe(1);
  }, 240_000);
});
