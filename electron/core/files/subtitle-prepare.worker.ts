// The subtitle preparation thread (see subtitle-thread.ts): files' bytes in, one at a time,
// each answered with the prepared subtitle or the refusal.
import { parentPort } from 'node:worker_threads';
import { isAppError } from '../../../shared/errors.ts';
import { prepareSubtitleBytes } from './subtitle-prepare.ts';
import type { SubtitleJob, SubtitleJobReply } from './subtitle-thread.ts';

const port = parentPort;
if (port === null) throw new Error('subtitle-prepare.worker.ts runs as a worker thread');
port.on('message', (job: SubtitleJob) => {
  let reply: SubtitleJobReply;
  try {
    reply = { id: job.id, prepared: prepareSubtitleBytes(job.raw, job.name, job.encoding) };
  } catch (error) {
    if (!isAppError(error)) throw error;
    reply = { id: job.id, refused: error.toShape() };
  }
  port.postMessage(reply);
});
