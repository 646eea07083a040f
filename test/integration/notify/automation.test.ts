// Notifications and hooks through the composition root, against the sandbox host: a real
// batch of uploads ends, a webhook receiver gets the batch's counts and links in the export
// format the destination picked, and the person's hook programs get one JSON document per
// upload and per batch. A receiver that echoes every request back, and the hooks' stdin, are
// searched for the API key and every upload session the host handed out: none is there.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HookDocument } from '../../../shared/notify.ts';
import { sayInEnglish } from '../../../shared/i18n/say.ts';
import { coreRig, until, type CoreRig } from '../../support/core-rig.ts';
import { shown } from '../../support/shown-account.ts';
import { writeVideo } from '../uploads/helpers.ts';
import { startReceiver, type Receiver } from './receivers.ts';

const SIGNING_SECRET = 'automation-signing-secret-0123';

let rig: CoreRig | null = null;
let echo: Receiver | null = null;
afterEach(async () => {
  await rig?.close();
  await echo?.close();
  rig = null;
  echo = null;
});

/** A hook program that appends what it reads on stdin, one document per line, to `out`. */
function recorder(dir: string, name: string, out: string): string {
  const file = join(dir, name);
  writeFileSync(file, `#!/bin/sh\ncat >> "${out}"\n`);
  chmodSync(file, 0o755);
  return file;
}

const documents = (file: string): HookDocument[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as HookDocument);

describe('notifications and hooks after real uploads', () => {
  it('a finished batch reaches the webhook with its links in the chosen format, and each hook gets its JSON; no secret anywhere', async () => {
    rig = await coreRig();
    const { core, dir, host } = rig;
    // Answers 500 with the whole request echoed: everything sent is visible, and it is sent again.
    echo = await startReceiver((request) => ({ status: 500, body: JSON.stringify(request) }));
    await core.handlers['notify:save']({
      destination: { kind: 'webhook', name: 'Echo', url: `${echo.base}/hook`, chatId: null, events: ['batchFinished', 'uploadFailed'], format: 'markdown' },
      secret: SIGNING_SECRET,
    });
    const uploads = join(dir, 'uploads.ndjson');
    const batches = join(dir, 'batches.ndjson');
    // As the shell sets them once the person confirmed each command.
    await core.hooks.set({ afterUpload: { file: recorder(dir, 'after-upload.sh', uploads), args: [] }, afterBatch: { file: recorder(dir, 'after-batch.sh', batches), args: [] } });

    writeVideo(dir, 'first clip.mp4', 60_000);
    writeVideo(dir, 'second.mp4', 40_000);
    await shown(core)['uploads:add']({ paths: [join(dir, 'first clip.mp4'), join(dir, 'second.mp4')], folderId: 0 });
    await until('the batch message arrived', () => echo!.received.some((r) => r.body.includes('"batchFinished"')));
    await until('both hooks ran', () => {
      try {
        return documents(uploads).length === 2 && documents(batches).length === 1;
      } catch {
        return false;
      }
    });

    const jobs = (await shown(core)['uploads:list'](undefined)).jobs;
    const batch = JSON.parse(echo.received.find((r) => r.body.includes('"batchFinished"'))!.body) as { done: number; failed: number; format: string; links: string };
    expect(batch).toMatchObject({ done: 2, failed: 0, format: 'markdown' });
    for (const job of jobs) expect(batch.links).toContain(`(<${job.embedUrl}>)`);

    const perUpload = documents(uploads);
    expect(perUpload.map((d) => d.event)).toEqual(['upload', 'upload']);
    const first = perUpload.find((d) => d.event === 'upload' && d.file.endsWith('first clip.mp4'));
    const job = jobs.find((j) => j.name === 'first clip.mp4')!;
    expect(first).toMatchObject({ size: 60_000, videoId: job.videoId, links: { download: job.downloadUrl, embed: job.embedUrl }, folder: { id: 0, name: 'Home' } });
    expect(first && first.event === 'upload' ? first.durationSeconds : null).toEqual(expect.any(Number));
    const [afterBatch] = documents(batches);
    expect(afterBatch).toMatchObject({ event: 'batch', done: 2, failed: 0 });
    expect(afterBatch && afterBatch.event === 'batch' ? afterBatch.uploads.map((u) => u.videoId).sort() : []).toEqual(jobs.map((j) => j.videoId).sort());

    const sessions = host.control.issuedSessions();
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    const everything = `${JSON.stringify(echo.received)}\n${readFileSync(uploads, 'utf8')}\n${readFileSync(batches, 'utf8')}`;
    expect(everything).not.toContain(host.apiKey);
    expect(everything).not.toContain(SIGNING_SECRET);
    for (const session of sessions) expect(everything).not.toContain(session);
  }, 60_000);

  it('a failing hook is reported and the queue goes on', async () => {
    rig = await coreRig();
    const { core, dir } = rig;
    const failing = join(dir, 'fails.sh');
    writeFileSync(failing, '#!/bin/sh\necho "hook went wrong" >&2\nexit 7\n');
    chmodSync(failing, 0o755);
    await core.hooks.set({ afterUpload: { file: failing, args: [] } });
    writeVideo(dir, 'a.mp4', 20_000);
    writeVideo(dir, 'b.mp4', 20_000);
    await shown(core)['uploads:add']({ paths: [join(dir, 'a.mp4'), join(dir, 'b.mp4')], folderId: 0 });
    await until('both uploads done', async () => (await shown(core)['uploads:list'](undefined)).jobs.filter((j) => j.state === 'done').length === 2);
    await until('the failure reported', async () => (await core.handlers['app:notices'](undefined)).some((n) => n.id === 'hook-failed'));
    const notice = (await core.handlers['app:notices'](undefined)).find((n) => n.id === 'hook-failed')!;
    expect(notice.title).toEqual({ code: 'notice_hook_exited', params: { file: failing, code: 7 } });
    expect(sayInEnglish(notice.title)).toBe(`A hook exited with code 7: ${failing}`);
  }, 60_000);
});
