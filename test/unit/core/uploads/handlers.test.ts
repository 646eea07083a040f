import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../shared/errors.ts';
import { PathGrants } from '../../../../electron/core/files/grants.ts';
import type { UploadEngine } from '../../../../electron/core/uploads/engine.ts';
import { createUploadHandlers } from '../../../../electron/core/uploads/handlers.ts';

const dir = mkdtempSync(join(tmpdir(), 'vidlift-handlers-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

// Only the calls the handlers forward are needed: a recording double of the engine.
function engineDouble(calls: unknown[][]): UploadEngine {
  const summary = { counts: {}, totals: { bytesSent: 0, bytesTotal: 0, speed: 0, etaSeconds: null, active: 0, waiting: 0, done: 0, failed: 0 }, paused: false };
  const record = (name: string) => (...args: unknown[]) => {
    calls.push([name, ...args]);
    return name === 'add' ? Promise.resolve({ added: [], skipped: [] }) : undefined;
  };
  const view = { window: record('window'), summary: () => summary };
  return { add: record('add'), view, pause: record('pause'), resume: record('resume'), cancel: record('cancel'), retry: record('retry'), clearFinished: record('clearFinished') } as unknown as UploadEngine;
}

describe('createUploadHandlers', () => {
  it('refuses paths the person did not grant, with a sentence', async () => {
    const calls: unknown[][] = [];
    const grants = new PathGrants();
    grants.grant(join(dir, 'granted'));
    const handlers = createUploadHandlers(engineDouble(calls), grants);
    const refused = handlers['uploads:add']({ paths: [join(dir, 'granted', 'a.mp4'), '/etc/passwd'], folderId: 0 });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: 'validation', message: expect.stringMatching(/files you chose or dropped/) });
    expect(calls).toEqual([]);
    await handlers['uploads:add']({ paths: [join(dir, 'granted', 'a.mp4')], folderId: 7 });
    await handlers['uploads:add']({ paths: [join(dir, 'granted', 'a.mp4')], folderId: 7, anyway: true });
    expect(calls).toEqual([
      ['add', [join(dir, 'granted', 'a.mp4')], 7, { anyway: false }],
      ['add', [join(dir, 'granted', 'a.mp4')], 7, { anyway: true }],
    ]);
  });

  it('forwards queue actions (the whole queue without an id), answering the figures; a list is a window', async () => {
    const calls: unknown[][] = [];
    const handlers = createUploadHandlers(engineDouble(calls), new PathGrants());
    await handlers['uploads:pause'](undefined);
    await handlers['uploads:pause']({ when: 'now' });
    await handlers['uploads:resume']({ id: 3 });
    await handlers['uploads:cancel']({ id: 4 });
    await handlers['uploads:retry']({ id: 5 });
    expect(await handlers['uploads:clearFinished'](undefined)).toMatchObject({ paused: false });
    await handlers['uploads:list']({ filter: 'failed', offset: 100, limit: 50 });
    expect(calls).toEqual([['pause', undefined, undefined], ['pause', undefined, 'now'], ['resume', 3], ['cancel', 4], ['retry', 5], ['clearFinished'], ['window', { filter: 'failed', offset: 100, limit: 50 }]]);
  });
});
