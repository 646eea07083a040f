// The file server behind operation 4: one multipart POST per file (fields sess_id, fld_id,
// then file, as the wire decisions say). The file is streamed through sha256 and counted,
// never buffered, so multi-GB uploads run at loopback speed in flat memory.
import busboy from 'busboy';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished } from 'node:stream/promises';
import { echoing, type Core } from './core.ts';
import { PRE_HANDLER, send, writePostFault, writePreFault } from './faults.ts';
import type { FaultRule } from './faults.ts';
import type { HashJob } from './hasher.ts';
import type { Account, UploadSession } from './state.ts';
import { formatTimestamp } from './time.ts';
import { FILE_NAME_READINGS } from './form-names.ts';

export const fileServerPath = (index: number): string => `/upload/${String(index + 1).padStart(2, '0')}`;
const HWM = 1024 * 1024;

const reply = (status: number, msg: string): string => JSON.stringify({ status, msg });

export function createFileServerHandler(core: Core, index: number): (req: IncomingMessage, res: ServerResponse) => void {
  const path = fileServerPath(index);
  return (req, res) => {
    void handle(core, index, path, req, res).catch((e: unknown) => {
      process.stderr.write(`[sandbox file server] ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      send(res, 500, reply(500, 'Internal Server Error'), 'application/json');
    });
  };
}

async function handle(core: Core, index: number, path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const pathname = (req.url ?? '/').split('?')[0] ?? '/';
  core.startLog(req, res, 'files', pathname);
  if (pathname !== path && pathname !== `${path}/`) {
    await bodyDrained(req);
    return send(res, 404, reply(404, 'Not found'), 'application/json');
  }
  if (req.method !== 'POST') {
    await bodyDrained(req);
    return send(res, 405, reply(405, 'Method not allowed'), 'application/json');
  }
  await core.latencyDelay();
  if (res.destroyed) return;
  const rule = core.faults.decide('FILES');
  if (rule && PRE_HANDLER.has(rule.kind)) {
    // A reset is the connection cut at once; every other fault is an answer.
    if (rule.kind !== 'reset') await bodyDrained(req);
    if (res.destroyed) return;
    writePreFault(rule, res, 'POST', req.url ?? path, req.headers.host ?? 'localhost', reply(500, 'Internal Server Error'));
    return;
  }
  if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) {
    await bodyDrained(req);
    return send(res, 400, reply(400, 'Expected multipart/form-data'), 'application/json');
  }
  receive(core, index, req, res, rule);
}

/**
 * Reads what is left of the request and drops it, before an answer that does not take the file.
 * The proxy in front of a real file server reads the whole body before it answers (nginx
 * buffers request bodies), and a server that answers early reads on before it closes (RFC 9112
 * §9.6): closing on unread bytes resets the connection, and the reset can reach the uploader
 * before its next write and lose the answer it has not read yet (an EPIPE instead of the 502).
 * Node's server closes a Connection: close exchange as soon as it has answered, so the host
 * waits for the body first.
 */
async function bodyDrained(req: IncomingMessage): Promise<void> {
  await finished(req.resume()).catch(() => undefined);
}

function cutoffFor(rule: FaultRule | undefined, req: IncomingMessage): number | undefined {
  if (rule?.kind !== 'reset_mid_body') return undefined;
  if (rule.atByte !== undefined) return rule.atByte;
  const length = Number(req.headers['content-length'] ?? 0);
  return Math.floor((rule.atFraction ?? 0.5) * (length || 2 * HWM));
}

function receive(core: Core, index: number, req: IncomingMessage, res: ServerResponse, rule: FaultRule | undefined): void {
  let bb: busboy.Busboy;
  try {
    // The file name read as a real server reads what a browser sends (form-names.ts).
    const names = FILE_NAME_READINGS[core.fileNameReading];
    bb = busboy({ headers: req.headers, highWaterMark: HWM, fileHwm: HWM, ...names.busboy, limits: { files: 1, fields: 10, fieldSize: 4096, parts: 12 } });
  } catch {
    void bodyDrained(req).then(() => send(res, 400, reply(400, 'Malformed multipart body'), 'application/json'));
    return;
  }
  const cutoff = cutoffFor(rule, req);
  let session: UploadSession | undefined;
  let account: Account | undefined;
  let folderId = 0;
  let failed = false;
  let file: Promise<{ name: string; size: number; sha256: string }> | undefined;
  let hashJob: HashJob | undefined;

  // On a refusal, the rest of the body is read and dropped (the client may still be sending), then answered.
  const refuse = (status: number, msg: string): void => {
    if (failed) return;
    failed = true;
    req.unpipe(bb);
    res.setHeader('Connection', 'close');
    void bodyDrained(req).then(() => send(res, status, reply(status, msg), 'application/json'));
  };

  bb.on('field', (name, value) => {
    if (failed) return;
    if (name === 'sess_id') {
      const s = core.store.sessions.get(value);
      // Single use: the session is spent as soon as it is presented.
      if (s) core.store.sessions.delete(value);
      if (!s || s.expiresMs < core.clock() || s.serverIndex !== index) return refuse(403, 'Invalid session');
      session = s;
      account = core.store.accountById(s.accountId);
      if (!account) return refuse(403, 'Invalid session');
      if (core.echoSecrets) return refuse(403, echoing('This session may not upload here', value));
    } else if (name === 'fld_id') {
      if (!/^\d+$/.test(value)) return refuse(400, 'fld_id must be a folder id');
      folderId = Number(value);
    }
  });

  bb.on('file', (_field, stream, info) => {
    if (failed || file) {
      stream.resume();
      return;
    }
    if (!session || !account) {
      stream.resume();
      return refuse(403, 'Invalid session');
    }
    if (folderId !== 0 && !account.folders.has(folderId)) {
      stream.resume();
      return refuse(400, 'Folder not found');
    }
    const job = core.hasher.start();
    hashJob = job;
    let size = 0;
    let resolveFile: (f: { name: string; size: number; sha256: string }) => void = () => {};
    let rejectFile: (e: Error) => void = () => {};
    file = new Promise((resolve, reject) => {
      resolveFile = resolve;
      rejectFile = reject;
    });
    file.catch(() => {});
    stream.on('data', (chunk: Buffer) => {
      if (failed) return;
      if (cutoff !== undefined && size + chunk.length >= cutoff) {
        failed = true;
        job.abort();
        req.unpipe(bb);
        req.socket.destroy();
        return;
      }
      size += chunk.length;
      // A hasher that falls behind pauses the upload (TCP backpressure) instead of buffering.
      if (!job.update(chunk)) {
        stream.pause();
        job.onDrain(() => stream.resume());
      }
    });
    stream.on('end', () => {
      if (failed) return;
      const name = FILE_NAME_READINGS[core.fileNameReading].decode(info.filename ?? '');
      job.digest().then((sha256) => resolveFile({ name: name || 'untitled', size, sha256 }), rejectFile);
    });
  });

  // nginx's client_body_timeout: the body must keep arriving; a request silent for that long
  // is dropped without an answer (the client sees its connection closed).
  if (core.fileServerBodyTimeoutMs > 0) {
    req.socket.setTimeout(core.fileServerBodyTimeoutMs, () => {
      if (req.complete) return;
      failed = true;
      hashJob?.abort();
      req.socket.destroy();
    });
  }

  bb.on('error', () => refuse(400, 'Malformed multipart body'));
  req.on('aborted', () => {
    failed = true;
    hashJob?.abort();
  });
  req.on('close', () => {
    if (!req.complete) {
      failed = true;
      hashJob?.abort();
    }
  });
  bb.on('close', () => {
    if (failed) return;
    if (!session || !account) return refuse(403, 'Invalid session');
    if (!file) return refuse(400, 'No file uploaded');
    const owner = account;
    file.then(
      (f) => finish(f, owner),
      () => refuse(500, 'Internal Server Error'),
    );
  });

  const finish = (f: { name: string; size: number; sha256: string }, owner: Account): void => {
    if (failed || res.destroyed) return;
    if (f.size === 0) return refuse(400, 'Empty file');
    const video = core.store.createVideo(owner, { name: f.name, size: f.size, folderId, sha256: f.sha256 });
    core.store.uploadsReceived++;
    const urls = core.videoUrls(video.id);
    const body = JSON.stringify({
      status: 200,
      msg: 'OK',
      result: [
        {
          filecode: video.id,
          title: video.name,
          size: video.size,
          fld_id: folderId,
          uploaded: formatTimestamp(video.createdAtMs),
          download_url: urls.download,
          protected_embed: urls.embed,
          single_img: urls.single,
          splash_img: urls.splash,
          canplay: 0,
        },
      ],
    });
    if (rule) writePostFault(rule, res, 200, body, (fn, ms) => core.schedule(fn, ms));
    else send(res, 200, body, 'application/json');
  };
  req.pipe(bb);
}
