// Issue 30: the command line speaks the language of LC_ALL / LC_MESSAGES / LANG (English when
// none is one Vidlift speaks), and --json stays locale-free: the same document in every
// language. The real command line as a child process against the sandbox host on loopback.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

  it('ls, a folder’s videos, links check, --help and a refusal speak Portuguese and German; ls --json and links check --json are the same in every language', async () => {
    const dir = join(root, 'files-words');
    mkdirSync(dir);
    const env = account('data-words');
    const uploaded = await cli(['upload', video(join(dir, 'praia.mp4'), 20_000), '--folder', 'Férias', '--json'], { ...env, LANG: 'C' });
    expect(uploaded.code, uploaded.stderr).toBe(0);
    const done = uploaded.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; embedUrl?: string })
      .find((event) => event.event === 'done');
    const post = join(dir, 'post.txt');
    writeFileSync(post, `Veja: ${done!.embedUrl}\n`);

    const pt = { ...env, LANG: 'pt_BR.UTF-8' };
    const de = { ...env, LC_ALL: 'de_DE.UTF-8', LANG: 'pt_BR.UTF-8' };
    const [tree, treeDe, videos, check, checkDe] = [await cli(['ls'], pt), await cli(['ls'], de), await cli(['ls', 'Férias'], pt), await cli(['links', 'check', post], pt), await cli(['links', 'check', post], de)];
    expect(tree.stdout).toMatch(/^ID +NOME +VÍDEOS$/m);
    expect(tree.stdout).toMatch(/^0 +\(nível superior\) +\d+$/m);
    expect(tree.stdout).toMatch(/^\d+ +Férias +1$/m);
    expect(treeDe.stdout).toMatch(/^0 +\(oberste Ebene\) +\d+$/m);
    // The size with the locale's decimal comma, in KiB.
    expect(videos.stdout).toMatch(/^ID +NOME +TAMANHO +INCORPORAÇÃO$/m);
    expect(videos.stdout).toMatch(/praia\.mp4 +19,6 KiB +http/);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toMatch(/^SITUAÇÃO +TIPO +LINK +TÍTULO$/m);
    expect(check.stdout).toMatch(/^ativo +incorporação +http\S+ +praia\.mp4$/m);
    expect(check.stdout).toContain('1 link — ativos: 1, removidos: 0, excluídos: 0.');
    expect(checkDe.stdout).toMatch(/^ZUSTAND +ART +LINK +TITEL$/m);
    expect(checkDe.stdout).toContain('1 Link: 1 aktiv, 0 gesperrt, 0 gelöscht.');

    // Help and a refusal: no account needed for the one, the library for the other.
    const [help, helpDe] = [await cli(['ls', '--help'], { LANG: 'pt_BR.UTF-8' }), await cli(['ls', '--help'], { LANG: 'de_DE.UTF-8' })];
    expect(help.stdout).toMatch(/^Uso: vidlift-cli ls \[PASTA\] \[--json\]$/m);
    expect(helpDe.stdout).toMatch(/^Aufruf: vidlift-cli ls \[ORDNER\] \[--json\]$/m);
    expect(helpDe.stdout).toContain('Die Ordner als Baum oder die Videos eines Ordners auflisten.');
    const [refused, refusedDe] = [await cli(['ls', 'Nada'], pt), await cli(['ls', 'Nada'], de)];
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Nenhuma pasta se chama “Nada”. `vidlift-cli ls` lista as pastas.');
    expect(refusedDe.stderr).toContain('Kein Ordner heißt „Nada“. `vidlift-cli ls` listet die Ordner auf.');

    // Machine output: the same bytes under every language, a refusal's JSON included (its message stays English).
    for (const args of [['ls', '--json'], ['links', 'check', post, '--json'], ['ls', 'Nada', '--json']]) {
      const outputs = new Set<string>();
      for (const LANG of ['de_DE.UTF-8', 'pt_BR.UTF-8', 'ar_EG.UTF-8', 'C']) outputs.add((await cli(args, { ...env, LANG })).stdout);
      expect(outputs.size, args.join(' ')).toBe(1);
    }
    const english = await cli(['ls', 'Nada', '--json'], { ...env, LANG: 'de_DE.UTF-8' });
    expect(JSON.parse(english.stdout)).toEqual({ error: { code: 'not_found', message: 'No folder is named “Nada”. `vidlift-cli ls` lists the folders.' } });
  }, 600_000);
});
