// One schedule: a seed becomes a world (a service with some folders and videos, an app with
// an empty library), then a run of steps drawn from that seed: the network delivers an
// exchange (maybe with a fault), a timer fires, the person does something, the process
// crashes, the clock jumps, the key is refused, a file changes, the disk fills, the network
// goes down. Then the faults stop, the world settles, and the invariants are checked.
import { copyFileSync, existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StatementSync } from 'node:sqlite';
import { createRng, deriveSeed, type Rng } from '../host/rng.ts';
import { SimApp, type AppWorld } from './app.ts';
import { PERSON_ACTIONS, STEP_WEIGHTS, draw } from './faults.ts';
import { checkInvariants, type Ledger } from './invariants.ts';
import { SimNetwork } from './network.ts';
import { SimService } from './service.ts';
import { installVirtualTime, SimTime } from './time.ts';

export interface ScheduleOptions {
  /** Where the schedule's files and database go (a folder of its own is made inside). */
  scratch: string;
  /** Only these steps of the schedule (its 20-80 steps are numbered from 0): what shrinking keeps. */
  keep?: ReadonlySet<number>;
}

export interface ScheduleResult {
  seed: number;
  /** How many steps the seed's schedule has (before any were left out). */
  steps: number;
  trace: string[];
  faults: number;
  crashes: number;
  broken: string[];
}

/** Bound on the settling: a world that has not settled by then has a job or change stuck. */
const SETTLE_LIMIT = 5_000;

/** The head of an MP4 (an ftyp box): what the queue's sniffing takes for a video. */
const MP4_HEAD = Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex');

export async function runSchedule(seed: number, options: ScheduleOptions): Promise<ScheduleResult> {
  const trace: string[] = [];
  const say = (line: string): void => void trace.push(line);
  const setup = createRng(deriveSeed(seed, 1));
  /** Each step draws from its own stream: leaving a step out (shrinking) does not change the others. */
  let r: Rng = setup;
  const faultRng = createRng(deriveSeed(seed, 2));
  const dataRng = createRng(deriveSeed(seed, 3));
  const appRng = createRng(deriveSeed(seed, 4));
  const dir = join(options.scratch, `s${seed}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'files'), { recursive: true });

  const time = new SimTime(1_760_000_000_000 + setup.int(1_000_000_000));
  const restoreTime = installVirtualTime(time);
  const service = new SimService(dataRng, time.now, `key-${dataRng.word(20)}`);
  const secrets = new Set<string>([service.key]);
  const network = new SimNetwork(service, time, say);
  let appKey = service.key;
  const leaks: string[] = [];
  const uncaught: string[] = [];
  const observe = (what: 'log' | 'event', text: string): void => {
    if (what === 'log') say(`log ${text.slice(25)}`);
    for (const secret of secrets) if (text.includes(secret)) leaks.push(`${what}: ${text.slice(0, 200)}`);
    for (const session of service.sessions.keys()) if (text.includes(session)) leaks.push(`${what}: ${text.slice(0, 200)}`);
  };
  const world: AppWorld = { dbFile: join(dir, 'account.sqlite'), time, network, appKey: () => appKey, observe, rng: appRng };
  // Every schedule starts from the same empty, migrated database: its migrations ran once.
  copyFileSync(migratedTemplate(options.scratch), world.dbFile);
  const ledger: Ledger = { jobs: [], changes: [] };
  let crashes = 0;
  let dbFaultArmed: string | null = null;
  let fileCounter = 0;
  let folderCounter = 0;

  // What the service holds before the app first opens.
  for (let i = setup.int(3); i > 0; i--) service.addFolder(`Seeded ${dataRng.word(5)}`);
  for (let i = setup.int(4); i > 0; i--) {
    const folders = [0, ...service.folders.keys()];
    service.addVideo(`seeded-${dataRng.word(6)}.mp4`, 1000 + dataRng.int(5000), folders[dataRng.int(folders.length)]!, 'seeded');
  }

  // The disk fills or the database is busy: the next write anywhere fails once.
  const realRun = StatementSync.prototype.run;
  StatementSync.prototype.run = function (this: StatementSync, ...args: never[]) {
    if (dbFaultArmed !== null && /^\s*(INSERT|UPDATE|DELETE)/i.test(this.sourceSQL)) {
      const kind = dbFaultArmed;
      dbFaultArmed = null;
      say(`db ! ${kind}`);
      throw Object.assign(new Error(kind === 'ENOSPC' ? 'database or disk is full' : 'database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: kind === 'ENOSPC' ? 13 : 5 });
    }
    return realRun.apply(this, args as unknown as Parameters<typeof realRun>);
  } as typeof realRun;
  const onRejection = (reason: unknown): void => {
    const text = reason instanceof Error ? reason.message : String(reason);
    uncaught.push(text);
    say(`uncaught ${text}`);
  };
  process.on('unhandledRejection', onRejection);

  let owner = 0;
  /** Starts a process; one that fails to start (the disk full as it opens) is started again, as the person would. */
  const open = (): SimApp => {
    for (;;) {
      owner++;
      time.owner = owner;
      try {
        const started = new SimApp(world, owner);
        started.start();
        return started;
      } catch (error) {
        say(`start failed: ${error instanceof Error ? error.message : String(error)}`);
        time.dropOwner(owner);
      }
    }
  };
  let app = open();

  const drain = async (): Promise<void> => {
    for (let turn = 0; turn < 200; turn++) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (turn >= 1 && !process.getActiveResourcesInfo().includes('Immediate')) return;
    }
  };
  const fire = (): boolean => {
    try {
      return time.fireNext();
    } catch (error) {
      onRejection(error);
      return true;
    }
  };
  const act = async (label: string, work: () => unknown): Promise<void> => {
    try {
      const value = await work();
      say(`person ${label}${value === undefined ? '' : ` -> ${describe(value)}`}`);
    } catch (error) {
      say(`person ${label} refused: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const crash = (): void => {
    crashes++;
    say(`crash (process ${owner})`);
    network.dropOwner(owner);
    time.dropOwner(owner);
    // Nothing of the dead process runs again; its handle is let go as the kernel would.
    app.db.close();
    app = open();
  };

  const person = async (): Promise<void> => {
    const jobs = app.uploads.list().jobs;
    const pickJob = (): number | null => (jobs.length === 0 ? null : jobs[r.int(jobs.length)]!.id);
    const folders = app.library.store.listFolders();
    const pickFolder = (): number => (folders.length === 0 || r.int(3) === 0 ? 0 : folders[r.int(folders.length)]!.id);
    const action = draw(r, PERSON_ACTIONS);
    switch (action) {
      case 'add-files': {
        const paths: string[] = [];
        for (let i = 1 + r.int(2); i > 0; i--) {
          const name = `clip-${++fileCounter}.mp4`;
          const path = join(dir, 'files', name);
          const bytes = Buffer.concat([MP4_HEAD, Buffer.from(r.word(200 + r.int(2000)))]);
          writeFileSync(path, bytes);
          paths.push(path);
        }
        const folderId = pickFolder();
        return act(`add ${paths.length} file(s) to folder ${folderId}`, async () => {
          const outcome = await app.uploads.add(paths, folderId);
          const queued = app.uploads.view.jobs(outcome.added);
          for (const job of queued) ledger.jobs.push({ id: job.id, name: job.name });
          return `queued ${queued.map((j) => `#${j.id} ${j.name}`).join(', ')}${outcome.skipped.length ? `; skipped ${outcome.skipped.map((s) => s.reason).join(' / ')}` : ''}`;
        });
      }
      case 'pause': {
        const id = pickJob();
        return id === null ? undefined : act(`pause #${id}`, () => app.uploads.pause(id));
      }
      case 'pause-all': {
        const when = r.int(2) === 0 ? 'now' : 'after-current';
        return act(`pause all (${when})`, () => app.uploads.pause(undefined, when));
      }
      case 'resume': {
        const id = pickJob();
        return id === null ? undefined : act(`resume #${id}`, () => app.uploads.resume(id));
      }
      case 'resume-all':
        return act('resume all', () => app.uploads.resume());
      case 'cancel': {
        const id = pickJob();
        if (id === null) return undefined;
        return act(`cancel #${id}`, () => app.uploads.cancel(id));
      }
      case 'retry': {
        const id = pickJob();
        return id === null ? undefined : act(`retry #${id}`, () => app.uploads.retry(id));
      }
      case 'retry-failed':
        return act('retry all failed', () => app.uploads.retryFailed());
      case 'move': {
        const id = pickJob();
        const folderId = pickFolder();
        return id === null ? undefined : act(`move #${id} to folder ${folderId}`, () => app.uploads.move(id, folderId));
      }
      case 'create-folder': {
        const name = `Folder ${++folderCounter}`;
        return act(`create folder “${name}”`, () => {
          const folder = app.library.outbox.createFolder(name);
          ledger.changes.push({ outboxId: newestOutboxId(app), kind: 'create', folderId: folder.id, name, discarded: false });
          return `folder ${folder.id}`;
        });
      }
      case 'rename-folder': {
        if (folders.length === 0) return undefined;
        const folder = folders[r.int(folders.length)]!;
        const name = `Renamed ${++folderCounter}`;
        return act(`rename folder ${folder.id} to “${name}”`, () => {
          app.library.outbox.renameFolder(folder.id, name);
          ledger.changes.push({ outboxId: newestOutboxId(app), kind: 'rename', folderId: folder.id, name, discarded: false });
        });
      }
      case 'retry-change':
      case 'discard-change': {
        const items = app.library.outbox.view().items;
        if (items.length === 0) return undefined;
        const item = items[r.int(items.length)]!;
        if (action === 'retry-change') return act(`retry change ${item.id}`, () => void app.library.outbox.retry(item.id));
        return act(`discard change ${item.id}`, () => {
          const before = new Set(app.library.outbox.view().items.map((i) => i.id));
          app.library.outbox.discard(item.id);
          const after = new Set(app.library.outbox.view().items.map((i) => i.id));
          for (const change of ledger.changes) if (change.outboxId !== undefined && before.has(change.outboxId) && !after.has(change.outboxId)) change.discarded = true;
        });
      }
      case 'sync-now':
        return act('sync now', () => void app.library.sync.syncNow().catch(() => undefined));
    }
  };

  const stepCount = 20 + setup.int(61);
  try {
    for (let i = 0; i < stepCount; i++) {
      await drain();
      if (options.keep && !options.keep.has(i)) continue;
      r = createRng(deriveSeed(seed, 1000 + i));
      say(`step ${i}`);
      const kind = draw(r, STEP_WEIGHTS);
      const deliverable = network.deliverable();
      if (kind === 'deliver' && deliverable.length > 0) network.deliverAt(deliverable[r.int(deliverable.length)]!, r);
      else if (kind === 'timer' || (kind === 'deliver' && deliverable.length === 0)) {
        if (fire()) say(`timer at +${time.now() % 1_000_000}`);
      } else if (kind === 'person') await person();
      else if (kind === 'crash') crash();
      else if (kind === 'clock-jump') {
        const ms = r.int(2) === 0 ? -r.int(3_600_000) : r.int(8 * 3_600_000);
        time.jump(ms);
        say(`clock jumps ${ms} ms`);
      } else if (kind === 'key-refused') {
        const old = service.key;
        service.key = `key-${r.word(20)}`;
        secrets.add(service.key);
        say('the service refuses the key; the person has a new one');
        // The person types the new key a little later (or during the settling).
        if (r.int(2) === 0) {
          appKey = service.key;
          app.verdict.set(false);
          say('person enters the new key');
        }
        void old;
      } else if (kind === 'file-changed') {
        const jobs = ledger.jobs;
        if (jobs.length > 0) {
          const job = jobs[r.int(jobs.length)]!;
          const path = join(dir, 'files', job.name);
          writeFileSync(path, Buffer.concat([MP4_HEAD, Buffer.from(r.word(300))]));
          utimesSync(path, new Date(time.now() / 1000 + 5), new Date(time.now() / 1000 + 5 + r.int(100)));
          say(`file ${job.name} changed on disk`);
        }
      } else if (kind === 'db-fault') {
        dbFaultArmed = r.int(2) === 0 ? 'ENOSPC' : 'SQLITE_BUSY';
      } else if (kind === 'network-down') {
        network.down = !network.down;
        say(network.down ? 'network down' : 'network up');
      }
    }

    // The faults stop; the person puts things right (new key, resume) and waits.
    dbFaultArmed = null;
    network.faultsOn = false;
    network.down = false;
    if (appKey !== service.key) {
      appKey = service.key;
      app.verdict.set(false);
      say('person enters the new key');
    }
    await act('resume all', () => app.uploads.resume());
    say(`-- settling at ${time.now()}`);
    let settled = false;
    for (let i = 0; i < SETTLE_LIMIT; i++) {
      if (i === SETTLE_LIMIT - 1) say(`-- not quiet at ${time.now()} ${process.getActiveResourcesInfo().join(",")}: ${JSON.stringify(app.db.prepare("SELECT id, state, next_attempt_at FROM upload_jobs WHERE state = 'waiting'").all())} ${app.uploads.list().jobs.map((j) => j.state).join(',')} / ${app.library.outbox.view().items.length} changes / ${network.pending.length} pending`);
      await drain();
      if (network.pending.length > 0) {
        network.deliverAt(0, faultRng);
        continue;
      }
      if (isQuiet(app)) {
        settled = true;
        say(`-- quiet after ${i} turns`);
        break;
      }
      if (!fire()) {
        say('-- no timer left');
        break;
      }
    }
    // A last full sync, as the person opening the library would see it.
    const sync = app.library.sync.syncNow({ full: true }).then(
      () => 'done',
      (error: unknown) => `failed: ${error instanceof Error ? (process.env.SIM_STACKS ? (error.stack ?? error.message) : error.message) : String(error)}`,
    );
    let syncOutcome: string | null = null;
    void sync.then((outcome) => (syncOutcome = outcome));
    for (let i = 0; i < SETTLE_LIMIT && syncOutcome === null; i++) {
      await drain();
      if (network.pending.length > 0) network.deliverAt(0, faultRng);
      else if (!fire()) break;
    }
    await drain();
    say(`-- settled=${settled} final sync ${syncOutcome ?? 'did not end'}`);
    for (const job of app.uploads.list().jobs) say(`job #${job.id} ${job.name} ${job.state} folder ${job.folderId} video ${job.videoId ?? '-'}${job.error ? ` error “${job.error.message}”` : ''}`);
    for (const item of app.library.outbox.view().items) say(`change ${item.id} ${item.kind} ${item.state}${item.error ? ` “${item.error}”` : ''}${item.blockedBy ? ` behind ${item.blockedBy.id}` : ''}`);
    const broken = checkInvariants({ app, service, ledger, leaks, settled, say });
    for (const line of broken) say(`BROKEN ${line}`);
    return { seed, steps: stepCount, trace, faults: network.stats.faults, crashes, broken };
  } finally {
    StatementSync.prototype.run = realRun;
    process.off('unhandledRejection', onRejection);
    try {
      app.db.close();
    } catch {
      // Already closed.
    }
    restoreTime();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An account database with every module's tables, made once per run by the modules themselves. */
function migratedTemplate(scratch: string): string {
  const file = join(scratch, 'template.sqlite');
  if (existsSync(file)) return file;
  const time = new SimTime(0);
  const restore = installVirtualTime(time);
  try {
    const service = new SimService(createRng(1), time.now, 'template-key');
    const network = new SimNetwork(service, time, () => undefined);
    const app = new SimApp({ dbFile: file, time, network, appKey: () => 'template-key', observe: () => undefined, rng: createRng(2) }, 1);
    app.db.close();
  } finally {
    restore();
  }
  return file;
}

/** Nothing left to happen on its own: no job on its way, no change waiting to go. */
function isQuiet(app: SimApp): boolean {
  const active = app.uploads.list().jobs.some((job) => job.state === 'waiting' || job.state === 'uploading' || job.state === 'finishing' || job.state === 'cancelling');
  if (active) {
    // A job waiting for a folder whose creation the service refused waits for the person.
    const waitingOnRefused = app.uploads.list().jobs.every((job) => !(job.state === 'waiting' || job.state === 'uploading' || job.state === 'finishing' || job.state === 'cancelling') || job.folderId < 0);
    if (!waitingOnRefused) return false;
  }
  return app.library.outbox.view().items.every((item) => item.state === 'refused' || item.blockedBy);
}

function newestOutboxId(app: SimApp): number | undefined {
  const ids = app.library.outbox.view().items.map((item) => item.id);
  return ids.length === 0 ? undefined : Math.max(...ids);
}

function describe(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)?.slice(0, 120) ?? String(value);
}
