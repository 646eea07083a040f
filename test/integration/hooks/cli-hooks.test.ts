// Hooks run for the command line too (issue 31 §5): `vidlift-cli upload` as a separate process,
// with hooks set by hand in settings.json, runs the after-upload hook once per file and the
// after-batch hook once, each reading its JSON document; the key from VIDLIFT_API_KEY is in
// neither the documents nor the hooks' environment.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type Host } from '../../host/index.ts';
import { cliRunner } from '../cli/run-cli.ts';
import { MP4_HEAD } from '../uploads/helpers.ts';

let host: Host;
let root: string;

beforeAll(async () => {
  host = await startHost({ seed: 'demo' });
  root = mkdtempSync(join(tmpdir(), 'vidlift-cli-hooks-'));
});

afterAll(async () => {
  await host?.close();
  rmSync(root, { recursive: true, force: true });
});

function recorder(name: string): { file: string; out: string } {
  const file = join(root, `${name}.sh`);
  const out = join(root, `${name}.ndjson`);
  writeFileSync(file, `#!/bin/sh\ncat >> "${out}"\nenv >> "${out}.env"\n`);
  chmodSync(file, 0o755);
  return { file, out };
}

const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);

describe('hooks on the command line', () => {
  it('runs the after-upload hook per file and the after-batch hook once, from settings.json', async () => {
    const dataDir = join(root, 'data');
    mkdirSync(dataDir, { recursive: true });
    const upload = recorder('after-upload');
    const batch = recorder('after-batch');
    writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ hooks: { afterUpload: { file: upload.file, args: [] }, afterBatch: { file: batch.file, args: [] }, timeoutSeconds: 30 } }));
    const files = ['one.mp4', 'two.mp4'].map((name, index) => {
      const path = join(root, name);
      writeFileSync(path, Buffer.concat([MP4_HEAD, Buffer.alloc(30_000, index + 1)]));
      return path;
    });
    const run = await cliRunner(root)(['upload', ...files, '--json'], { VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: host.apiKey, VIDLIFT_DATA_DIR: dataDir });
    expect(run.code, run.stderr).toBe(0);

    const uploads = lines(upload.out);
    expect(uploads.map((d) => d.file).sort()).toEqual(files.sort());
    expect(uploads.every((d) => d.event === 'upload' && typeof d.videoId === 'string')).toBe(true);
    const batches = lines(batch.out);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({ event: 'batch', done: 2, failed: 0 });
    for (const out of [upload.out, batch.out]) {
      expect(readFileSync(out, 'utf8')).not.toContain(host.apiKey);
      expect(readFileSync(`${out}.env`, 'utf8')).not.toContain(host.apiKey);
    }
  }, 120_000);
});
