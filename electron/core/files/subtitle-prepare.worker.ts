// The subtitle preparation thread (see subtitle-prepare.ts): one file's bytes in, the prepared
// subtitle or the refusal out. Detecting, decoding, repairing and checking a file of up to
// 1 MB takes up to a second of CPU, which on the main process would stall every window,
// upload and sync for that long.
import { parentPort, workerData } from 'node:worker_threads';
import { isAppError } from '../../../shared/errors.ts';
import { prepareSubtitleBytes, type SubtitleJob, type SubtitleJobReply } from './subtitle-prepare.ts';

const port = parentPort;
if (port === null) throw new Error('subtitle-prepare.worker.ts runs as a worker thread');
const job = workerData as SubtitleJob;
let reply: SubtitleJobReply;
try {
  const prepared = prepareSubtitleBytes(job.raw, job.name, job.encoding);
  reply = { prepared };
} catch (error) {
  if (!isAppError(error)) throw error;
  reply = { refused: error.toShape() };
}
port.postMessage(reply);
