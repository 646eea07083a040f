import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { openLibraryDatabase } from '../../../electron/core/library/migrations.ts';
import { Library } from '../../../electron/core/library/library.ts';
import { quietLogger, reconnect, requests, setup, type Env } from './harness.ts';

let env: Env | null = null;
afterEach(async () => {
  await env?.close();
  env = null;
});

/** Runs the child until it reports its changes made, then kills it with SIGKILL. */
async function changeThenCrash(file: string, video: unknown, arrive?: { baseUrl: string; apiKey: string }): Promise<string[]> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'crash-child.ts'), JSON.stringify({ file, video, arrive })], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  try {
    const line = await Promise.race([
      new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve)),
      exited.then(() => Promise.reject(new Error(`child exited early: ${stderr}`))),
    ]);
    return (JSON.parse(line) as { states: string[] }).states;
  } finally {
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
  }
}

describe('outbox across a crash', () => {
  it('keeps every acknowledged change through a SIGKILL, even one caught mid-send, and replays them after', async () => {
    env = await setup({ seed: 'empty' });
    const { host } = env;
    const { id } = host.control.addVideo({ name: 'Crash test.mp4' });
    const video = await env.client.videoInfo({ id });
    await env.library.stop();
    env.db.close();

    const states = await changeThenCrash(env.file, video);
    expect(states).toEqual(['sending', 'pending', 'pending']);

    const db = openLibraryDatabase(env.file);
    env.db = db;
    const library = new Library({ db, api: env.client, events: { emit() {} }, connectivity: env.connectivity, logger: quietLogger, sync: { quickIntervalMs: 0 } });
    env.library = library;
    expect(library.outbox.view().items.map((i) => [i.kind, i.state])).toEqual([
      ['folder.create', 'pending'],
      ['folder.rename', 'pending'],
      ['video.skipIntro', 'pending'],
    ]);
    expect(library.store.listFolders()).toMatchObject([{ name: 'Survived a crash', pending: 'pending' }]);
    expect(library.store.getVideo(id)).toMatchObject({ skipIntro: 33, pending: 'pending' });

    await reconnect(env);
    expect(library.outbox.view().items).toEqual([]);
    expect(requests(host, /^POST /)).toEqual(['POST /v1/folders/create', 'POST /v1/folders/rename', 'POST /v1/videos/skip-intro']);
    expect(host.control.folders()).toMatchObject([{ name: 'Survived a crash' }]);
    expect(host.control.videos()[0]).toMatchObject({ skipIntro: 33 });
  });

  it('does not create a folder twice when the create reached the service just before the crash', async () => {
    env = await setup({ seed: 'empty' });
    const { host } = env;
    host.control.addFolder({ name: 'Survives a crash' });
    const { id } = host.control.addVideo({ name: 'Crash test.mp4' });
    const video = await env.client.videoInfo({ id });
    await env.library.sync.syncNow({ full: true });
    await env.library.stop();
    env.db.close();

    await changeThenCrash(env.file, video, { baseUrl: host.baseUrl, apiKey: host.apiKey });
    expect(host.control.folders().filter((f) => f.name === 'Survives a crash')).toHaveLength(2);

    const db = openLibraryDatabase(env.file);
    env.db = db;
    const library = new Library({ db, api: env.client, events: { emit() {} }, connectivity: env.connectivity, logger: quietLogger, sync: { quickIntervalMs: 0 } });
    env.library = library;
    await reconnect(env);
    expect(library.outbox.view().items).toEqual([]);
    // One create only (the child's); the replay found it instead of sending another.
    expect(requests(host, /^POST \/v1\/folders\/create/)).toHaveLength(1);
    const named = host.control.folders().filter((f) => f.name === 'Survived a crash' || f.name === 'Survives a crash');
    expect(named.map((f) => f.name).sort()).toEqual(['Survived a crash', 'Survives a crash']);
  });
});
