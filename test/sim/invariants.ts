// What must hold once the faults stopped and the world settled, whatever happened before.
import type { SimApp } from './app.ts';
import type { SimService } from './service.ts';

/** What the window was told was accepted: the jobs queued, the offline changes made. */
export interface Ledger {
  jobs: Array<{ id: number; name: string }>;
  changes: Array<{ outboxId: number | undefined; kind: 'create' | 'rename'; folderId: number; name: string; discarded: boolean }>;
}

interface Facts {
  app: SimApp;
  service: SimService;
  ledger: Ledger;
  leaks: string[];
  settled: boolean;
  say: (line: string) => void;
}

const IN_FLIGHT = new Set(['uploading', 'finishing']);

/** The invariants broken, each said in a line. */
export function checkInvariants({ app, service, ledger, leaks, settled }: Facts): string[] {
  const broken: string[] = [];
  if (!settled) broken.push('the world did not settle: a job or a change never came to rest');

  // Every file queued: exactly one video, or a failure the person can read; never both, never two.
  const jobs = new Map(app.uploads.list().jobs.map((job) => [job.id, job]));
  for (const queued of ledger.jobs) {
    const job = jobs.get(queued.id);
    const videos = service.videos.filter((video) => video.name === queued.name);
    if (!job) {
      broken.push(`job #${queued.id} (${queued.name}) vanished from the queue`);
      continue;
    }
    if (IN_FLIGHT.has(job.state)) broken.push(`job #${job.id} is still ${job.state}`);
    if (videos.length > 1) broken.push(`job #${job.id} (${job.name}) made ${videos.length} videos: ${videos.map((v) => v.id).join(', ')}`);
    if (job.state === 'done') {
      if (videos.length === 0) broken.push(`job #${job.id} reads done but the service has no video of it`);
      else if (job.videoId !== videos[0]!.id) broken.push(`job #${job.id} reads done as ${job.videoId} but its video is ${videos[0]!.id}`);
    } else if (job.state === 'failed' || job.state === 'changed') {
      if (videos.length > 0) broken.push(`job #${job.id} reads ${job.state} but its video ${videos[0]!.id} is on the service`);
      if (!job.error || job.error.message.trim() === '') broken.push(`job #${job.id} failed without a reason the person can read`);
    } else if (job.state === 'cancelled') {
      if (videos.length > 0) broken.push(`job #${job.id} reads cancelled but its video ${videos[0]!.id} is on the service`);
    } else if (job.state === 'cancelling') {
      // Online and settled, the look a cancel waits for has been made: done or cancelled by now.
      broken.push(`job #${job.id} is still cancelling after the world settled`);
    } else if (job.state === 'waiting' && job.folderId >= 0) {
      broken.push(`job #${job.id} is still waiting after the world settled`);
    }
  }
  for (const job of jobs.values()) if (IN_FLIGHT.has(job.state)) broken.push(`job #${job.id} is left ${job.state}`);

  // Every offline change: applied exactly once, or shown refused (with Retry and Discard).
  const outbox = new Map(app.library.outbox.view().items.map((item) => [item.id, item]));
  for (const change of ledger.changes) {
    if (change.discarded || change.outboxId === undefined) continue;
    const row = outbox.get(change.outboxId);
    if (row && !(row.state === 'refused' && row.error) && !row.blockedBy) broken.push(`change ${change.outboxId} (${change.kind} “${change.name}”) is still ${row.state} after the world settled`);
    if (change.kind === 'create') {
      const made = service.createdFolders.filter((folder) => folder.createdAs === change.name);
      if (!row && made.length !== 1) broken.push(`folder “${change.name}” was acknowledged and confirmed, and the service made ${made.length} of it`);
      // Still shown (refused, with Retry and Discard) while the service made it is allowed: the
      // change may have arrived, so its Retry looks for the folder before sending (kinds.ts find).
      if (row && made.length > 1) broken.push(`folder “${change.name}” is still waiting, and the service made ${made.length} of it`);
    }
  }

  // The library converges to the service's state.
  const local = app.library.store.listFolders();
  for (const folder of local) {
    if (folder.id < 0) {
      const waiting = [...outbox.values()].some((item) => item.kind === 'folder.create' && item.target === `folder:${folder.id}`);
      if (!waiting) broken.push(`the library keeps a folder made offline (${folder.id} “${folder.name}”) that no change will ever create`);
      continue;
    }
    const remote = service.folders.get(folder.id);
    if (!remote) broken.push(`the library keeps folder ${folder.id} “${folder.name}” that the service does not have`);
    else if (folder.pending === null && remote.name !== folder.name) broken.push(`folder ${folder.id} reads “${folder.name}” but the service calls it “${remote.name}”`);
  }
  const localIds = new Set(local.map((folder) => folder.id));
  for (const folder of service.folders.values()) if (!localIds.has(folder.id)) broken.push(`the service's folder ${folder.id} “${folder.name}” is missing from the library`);
  for (const folderId of [0, ...service.folders.keys()]) {
    const want = service.videos.filter((video) => video.folderId === folderId).map((video) => video.id).sort();
    const have = app.library.store.folderPage(folderId, 0, 100_000).items.map((video) => video.id).sort();
    if (want.join() !== have.join()) broken.push(`folder ${folderId} lists [${have.join(', ')}] but the service has [${want.join(', ')}]`);
  }

  const integrity = app.db.prepare('PRAGMA integrity_check').get() as { integrity_check: string } | undefined;
  if (integrity?.integrity_check !== 'ok') broken.push(`integrity_check: ${integrity?.integrity_check ?? 'no answer'}`);
  for (const leak of leaks.slice(0, 3)) broken.push(`a secret reached a ${leak}`);
  return broken;
}
