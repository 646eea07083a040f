// `vidlift-cli links check` and `links fix`, as processes against the sandbox host: a forum
// post saved as Windows-1252 with CRLF line ends carries three videos' links in four shapes;
// one video is taken down and one deleted on the host. `links check` exits 1 and names them;
// after `links recover --all`, `links fix` writes the post with the two dead videos' links
// swapped and every other byte as it was (to a file with -o, and from stdin to stdout, the
// same bytes), and `links check` on the fixed post exits 0. With the service unreachable, a
// link the library does not know is unknown (exit 0, with why), not dead.
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterEach, describe, expect, it } from 'vitest';
import { startHost, type Host } from '../../host/index.ts';
import { writeVideo } from '../uploads/helpers.ts';
import { cliRunner, uploadSummaryOf } from './run-cli.ts';
import type { LinkCheckResult } from '../../../shared/link-text.ts';

let host: Host | null = null;
let root = '';
afterEach(async () => {
  await host?.close();
  host = null;
  if (root) await rm(root, { recursive: true, force: true });
});

interface Listed {
  id: string;
  name: string;
  downloadUrl: string;
  embedUrl: string;
}

/** A forum post in the shapes people paste: BBCode, an HTML link without scheme's `www.`, Markdown, a bare link. */
function post(videos: readonly Listed[]): string {
  const lines = ['Café “Zoë” – the whole season, déjà vu:', ''];
  for (const v of videos) {
    const bare = v.downloadUrl.replace(/^https?:\/\//, '');
    lines.push(`[url=${v.embedUrl}]${v.name} – naïve[/url]`, `<a href="${v.downloadUrl}">Télécharger</a>`, `[${v.name}](${v.embedUrl}) or ${bare}`, '');
  }
  return `${lines.join('\r\n')}\r\n`;
}

describe('vidlift-cli links check and links fix', () => {
  it('check exits 1 with dead links, fix swaps them byte for byte, check exits 0 after the fix and the upload again', async () => {
    host = await startHost({ seed: 'empty' });
    root = await mkdtemp(join(tmpdir(), 'vidlift-cli-links-'));
    const cli = cliRunner(root);
    const env = { VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: host.apiKey, VIDLIFT_DATA_DIR: join(root, 'data') };
    const files = ['alive.mp4', 'taken.mp4', 'deleted.mp4'].map((name, i) => writeVideo(root, name, 30_000 + i).path);
    const uploaded = await cli(['upload', ...files, '--json'], env);
    expect(uploaded.code, uploaded.stderr).toBe(0);
    const listed = uploadSummaryOf<{ uploads: Array<Omit<Listed, 'id'> & { videoId: string }> }>(uploaded.stdout).uploads.map((u) => ({ ...u, id: u.videoId }));
    const byName = (name: string) => listed.find((v) => v.name === name)!;
    const [alive, taken, deleted] = [byName('alive.mp4'), byName('taken.mp4'), byName('deleted.mp4')];

    const postPath = join(root, 'post.txt');
    const postBytes = iconv.encode(post([alive, taken, deleted]), 'windows-1252');
    writeFileSync(postPath, postBytes);
    // Bytes Windows-1252 has and UTF-8 does not: the file is not UTF-8 (it must come back as it was).
    expect(postBytes.includes(0xe9) && postBytes.includes(0x93)).toBe(true);

    const clean = await cli(['links', 'check', postPath], env);
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toContain('12 links: 12 alive, 0 taken down, 0 gone.');

    host.control.takeDown(taken.id);
    host.control.deleteVideo(deleted.id);

    const checked = await cli(['links', 'check', postPath], env);
    expect(checked.code, checked.stderr).toBe(1);
    expect(checked.stdout).toContain('12 links: 4 alive, 4 taken down, 4 gone.');
    expect(checked.stdout).toMatch(/taken down\s+embed\s+\S+\/e\/\w{12}\s+taken\.mp4/);
    const json = JSON.parse((await cli(['links', 'check', '--json', postPath], env)).stdout) as LinkCheckResult;
    expect(json.encoding).toEqual({ name: 'windows-1252', bom: false });
    expect(json.links.map((l) => [l.kind, l.videoId])).toEqual(
      [alive, taken, deleted].flatMap((v) => [
        ['embed', v.id],
        ['download', v.id],
        ['embed', v.id],
        ['download', v.id],
      ]),
    );
    // The byte spans point at the links in the file as it is.
    for (const link of json.links) expect(postBytes.subarray(link.byteStart, link.byteEnd).toString('latin1')).toBe(link.written);

    // Nothing to swap yet: the dead links are listed with what Upload again can do.
    const early = await cli(['links', 'fix', postPath, '-o', join(root, 'early.txt')], env);
    expect(early.code, early.stderr).toBe(0);
    expect(early.stderr).toContain('0 links replaced, 8 still dead.');
    expect(early.stderr).toContain(`${taken.id} “taken.mp4” (taken down, 4 links): its file is unchanged`);
    expect(readFileSync(join(root, 'early.txt')).equals(postBytes)).toBe(true);

    const recovered = await cli(['links', 'recover', '--all', '--json'], env);
    expect(recovered.code, recovered.stderr).toBe(0);
    const pairs = (JSON.parse(recovered.stdout) as { pairs: Array<{ oldId: string; newId: string }> }).pairs;
    expect(pairs.map((p) => p.oldId).sort()).toEqual([taken.id, deleted.id].sort());

    const fixedPath = join(root, 'fixed.txt');
    const fixed = await cli(['links', 'fix', postPath, '-o', fixedPath], env);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(fixed.stderr).toContain('8 links replaced, 0 still dead.');
    expect(fixed.stdout).toBe('');
    // Byte for byte the post, but each dead video's id in its links is the new video's.
    let expected = postBytes.toString('latin1');
    for (const pair of pairs) expected = expected.split(`/${pair.oldId}`).join(`/${pair.newId}`);
    const fixedBytes = readFileSync(fixedPath);
    expect(fixedBytes.equals(Buffer.from(expected, 'latin1'))).toBe(true);
    expect(fixedBytes.equals(postBytes)).toBe(false);

    const piped = await cli(['links', 'fix', '-'], env, { stdin: postBytes });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdoutBytes.equals(fixedBytes)).toBe(true);
    expect(piped.stderr).toContain('8 links replaced, 0 still dead.');

    const after = await cli(['links', 'check', fixedPath], env);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toContain('12 links: 12 alive, 0 taken down, 0 gone.');

    expect((await cli(['links', 'check', postPath, '-o', fixedPath], env)).code).toBe(2);
    expect((await cli(['links', 'fix', '--json', postPath], env)).code).toBe(2);
    expect((await cli(['links', 'check'], env)).code).toBe(2);

    // The service unreachable: a link the library does not know is unknown, not dead (exit 0), and said why.
    const stranger = alive.embedUrl.replace(alive.id, 'aaaaaaaaaaa1');
    const mixedPath = join(root, 'mixed.txt');
    writeFileSync(mixedPath, `${alive.embedUrl}\n${stranger}\n`);
    await host.control.stop();
    try {
      const offline = await cli(['links', 'check', mixedPath], env);
      expect(offline.code, offline.stderr).toBe(0);
      expect(offline.stdout).toContain('2 links: 1 alive, 0 taken down, 0 gone, 1 unknown.');
      expect(offline.stdout).toContain('1 video not checked (offline): the library does not know it. The service could not be reached.');
      expect(offline.stdout).toMatch(/unknown\s+embed\s+\S+aaaaaaaaaaa1\s+\(not checked: offline\)/);
      const offlineJson = JSON.parse((await cli(['links', 'check', '--json', mixedPath], env)).stdout) as LinkCheckResult;
      expect(offlineJson.unknown).toEqual([{ videoId: 'aaaaaaaaaaa1', reason: 'offline' }]);
    } finally {
      await host.control.start();
    }
  }, 300_000);
});
