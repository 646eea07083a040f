// `vidlift-cli health --json` and `vidlift-cli links recover`, as processes against the sandbox
// host: the counts and the dead videos after a takedown and a deletion, then Upload again for
// all (the pairs printed), and a file that moved listed as not usable (exit 1).
import { mkdtemp, rm } from 'node:fs/promises';
import { renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHost, type Host } from '../../host/index.ts';
import { writeVideo } from '../uploads/helpers.ts';
import { cliRunner } from './run-cli.ts';

let host: Host | null = null;
let root = '';
afterEach(async () => {
  await host?.close();
  host = null;
  if (root) await rm(root, { recursive: true, force: true });
});

describe('vidlift-cli health and links recover', () => {
  it('counts and lists the dead videos, uploads again those it can and prints the pairs', async () => {
    host = await startHost({ seed: 'empty' });
    root = await mkdtemp(join(tmpdir(), 'vidlift-cli-health-'));
    const cli = cliRunner(root);
    const env = { VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: host.apiKey, VIDLIFT_DATA_DIR: join(root, 'data') };
    const files = ['one.mp4', 'two.mp4', 'three.mp4', 'four.mp4'].map((name, i) => writeVideo(root, name, 30_000 + i).path);
    const uploaded = await cli(['upload', ...files], env);
    expect(uploaded.code, uploaded.stderr).toBe(0);
    const idOf = (name: string) => host!.control.videos(host!.apiKey).find((v) => v.name === name)!.id;
    const [one, two, three] = [idOf('one.mp4'), idOf('two.mp4'), idOf('three.mp4')];
    host.control.takeDown(one);
    host.control.deleteVideo(two);
    host.control.takeDown(three);
    renameSync(files[2]!, join(root, 'three-moved.mp4'));

    const health = await cli(['health', '--json'], env);
    expect(health.code, health.stderr).toBe(0);
    const report = JSON.parse(health.stdout) as { counts: unknown; videos: Array<{ id: string; title: string; state: string; disabledAt?: string }> };
    expect(report.counts).toEqual({ alive: 1, takenDown: 2, gone: 1 });
    expect(report.videos).toEqual(
      expect.arrayContaining([
        { id: one, title: 'one.mp4', state: 'takenDown', disabledAt: expect.any(String) },
        { id: two, title: 'two.mp4', state: 'gone' },
        { id: three, title: 'three.mp4', state: 'takenDown', disabledAt: expect.any(String) },
      ]),
    );
    expect(report.videos).toHaveLength(3);

    const recovered = await cli(['links', 'recover', '--all', '--json'], env);
    // three.mp4 moved: listed, and the run says a video is left dead.
    expect(recovered.code, recovered.stderr).toBe(1);
    const result = JSON.parse(recovered.stdout) as { pairs: Array<{ oldId: string; newId: string; newDownload: string }>; unusable: Array<{ videoId: string; reason: string }> };
    expect(result.pairs.map((p) => p.oldId).sort()).toEqual([one, two].sort());
    expect(result.unusable).toEqual([expect.objectContaining({ videoId: three, reason: 'locate' })]);
    for (const pair of result.pairs) expect(host.control.videos(host.apiKey).some((v) => v.id === pair.newId)).toBe(true);
    expect(recovered.stderr).toContain('moved or changed');

    // Named ids, in the human form: a recovered one is not uploaded a second time.
    const again = await cli(['links', 'recover', one], env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('No video was uploaded again.');
    expect(host.control.videos(host.apiKey)).toHaveLength(3);

    const after = JSON.parse((await cli(['health', '--json'], env)).stdout) as { counts: unknown };
    expect(after.counts).toEqual({ alive: 3, takenDown: 2, gone: 1 });
    expect((await cli(['links', 'recover'], env)).code).toBe(2);
  });
});
