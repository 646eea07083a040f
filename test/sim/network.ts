// The simulated network: every request the core makes (to the service through the client's
// Transport port, to a file server through the upload engine's SendFile port) waits here as
// an exchange until the simulator delivers it, with a fault it draws, or until the core's own
// deadline gives up on it. Nothing goes on a socket; what each side sees is what it would see
// on one: the service acts, then the reply may be lost; a body may stop halfway.
import { createHash } from 'node:crypto';
import { lstatSync, readFileSync } from 'node:fs';
import { DeadlineExceeded, TransportError, type HttpResponse, type Transport } from '../../electron/core/api/http.ts';
import { uploadRequestUrl } from '../../electron/core/uploads/file-server.ts';
import { readFileServerReply, TransferError, type SendFile } from '../../electron/core/uploads/transfer.ts';
import { ContentHasher } from '../../electron/core/files/content-hash.ts';
import { said, type Said } from '../../shared/said.ts';
import type { Rng } from '../host/rng.ts';
import { API_FAULTS, ARRIVE_FAULTS, BODY_FAULTS, CONNECT_FAULTS, REPLY_FAULTS, draw } from './faults.ts';
import type { SimService } from './service.ts';
import type { SimTime } from './time.ts';

type FaultTable = Readonly<Record<string, number>>;

export interface Exchange {
  seq: number;
  /** The process that made it: a crash drops it, unanswered. */
  owner: number;
  label: string;
  /** Drawn a stall: only the core's deadline (or the world settling) ends it. */
  stalled: boolean;
  faults: FaultTable;
  /** What this exchange meets while the network is down. */
  downFault: string;
  /** Delivers it with this fault ('none' once the faults stopped). */
  deliver(fault: string): void;
}

export interface NetworkStats {
  faults: number;
}

export class SimNetwork {
  readonly pending: Exchange[] = [];
  /** Faults are drawn while true; once the schedule ends the world settles without them. */
  faultsOn = true;
  /** The person's network is down: nothing connects. */
  down = false;
  readonly stats: NetworkStats = { faults: 0 };
  #seq = 0;
  /** Processes that crashed: nothing of theirs is answered, not even an abort. */
  readonly #dead = new Set<number>();
  readonly #service: SimService;
  readonly #time: SimTime;
  readonly #trace: (line: string) => void;

  constructor(service: SimService, time: SimTime, trace: (line: string) => void) {
    this.#service = service;
    this.#time = time;
    this.#trace = trace;
  }

  /** Delivers pending exchange `index` (of the deliverable ones), drawing its fault from `rng`. */
  deliverAt(index: number, rng: Rng): void {
    const exchange = this.pending[index];
    if (!exchange) return;
    this.pending.splice(index, 1);
    let fault = this.faultsOn ? draw(rng, exchange.faults) : 'none';
    // Operation 1 fails only for the key (spec section 4): its app errors are the key refused.
    if (exchange.label.startsWith('GET /v1/account') && (fault === 'app-error-500' || fault === 'rate-limited')) fault = 'none';
    if (this.down) fault = exchange.downFault;
    if (fault !== 'none') this.stats.faults++;
    if (fault === 'stall') {
      exchange.stalled = true;
      this.pending.push(exchange);
      this.#trace(`net ${exchange.label} ! stall`);
      return;
    }
    this.#trace(`net ${exchange.label}${fault === 'none' ? '' : ` ! ${fault}`}`);
    exchange.deliver(fault);
  }

  /** The exchanges the simulator may deliver now (a stalled one waits for the settling). */
  deliverable(): number[] {
    const out: number[] = [];
    this.pending.forEach((exchange, index) => {
      if (!exchange.stalled || !this.faultsOn) out.push(index);
    });
    return out;
  }

  /** A crash: what the dead process was waiting for never answers. */
  dropOwner(owner: number): void {
    this.#dead.add(owner);
    for (let i = this.pending.length - 1; i >= 0; i--) if (this.pending[i]!.owner === owner) this.pending.splice(i, 1);
  }

  #add(owner: number, label: string, faults: FaultTable, deliver: (fault: string) => void, downFault = 'connection-refused'): Exchange {
    const exchange: Exchange = { seq: ++this.#seq, owner, label, stalled: false, faults, downFault, deliver };
    this.pending.push(exchange);
    return exchange;
  }

  #remove(exchange: Exchange): void {
    const at = this.pending.indexOf(exchange);
    if (at >= 0) this.pending.splice(at, 1);
  }

  /** The client's Transport for process `owner`. */
  transport(owner: number): Transport {
    return (request) =>
      new Promise<HttpResponse>((resolve, reject) => {
        const { signal } = request;
        const aborted = (): void => {
          if (this.#dead.has(owner)) return;
          this.#remove(exchange);
          const reason: unknown = signal.reason;
          reject(reason instanceof DeadlineExceeded ? new TransportError('timeout', said('service_deadline', { seconds: reason.seconds })) : new TransportError('aborted', said('request_cancelled')));
        };
        const prepared = request.body?.();
        const data = prepared && Buffer.isBuffer(prepared.data) ? prepared.data : null;
        let json: unknown = undefined;
        try {
          json = data ? JSON.parse(data.toString('utf8')) : undefined;
        } catch {
          json = undefined;
        }
        const path = `${request.url.pathname}${request.url.search}`;
        const exchange = this.#add(owner, `${request.method} ${path}${data ? ` ${data.toString('utf8')}` : ''}`, API_FAULTS, (fault) => {
          signal.removeEventListener('abort', aborted);
          const answer = (status: number, body: string, type = 'application/json'): void =>
            resolve({ status, headers: { 'content-type': type }, body: Buffer.from(body), url: request.url });
          const dropped = (errno: string, why: Said): void => reject(new TransportError('network', why, { errno }));
          switch (fault) {
            case 'none': {
              const a = this.#service.handle(request.method, request.url, request.headers, json);
              return answer(a.status, a.body);
            }
            case 'reply-lost':
              this.#service.handle(request.method, request.url, request.headers, json);
              return dropped('ECONNRESET', said('connection_failed_mid_reply', { detail: 'ECONNRESET' }));
            case 'body-cut':
              this.#service.handle(request.method, request.url, request.headers, json);
              return dropped('ECONNRESET', said('connection_closed_mid_reply'));
            case 'gateway-5xx':
              return answer(502, '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>', 'text/html');
            case 'app-error-500':
              return answer(500, JSON.stringify({ message: 'Internal server error', status: 500 }));
            case 'rate-limited':
              return answer(500, JSON.stringify({ message: 'Too many requests, slow down', status: 500 }));
            case 'dns-failure':
              return dropped('ENOTFOUND', said('connection_failed_before_reply', { detail: 'ENOTFOUND' }));
            default:
              return dropped('ECONNREFUSED', said('connection_failed_before_reply', { detail: 'ECONNREFUSED' }));
          }
        });
        if (signal.aborted) aborted();
        else signal.addEventListener('abort', aborted, { once: true });
      });
  }

  /**
   * The upload engine's file-server port for process `owner`: connect, send the body, the
   * server takes it (or not), the client learns the body left, the reply comes back. Each
   * step is an exchange, so a crash can fall between any two.
   */
  fileServer(owner: number): SendFile {
    return async (input) => {
      const url = uploadRequestUrl(input.url);
      const fileServer = input.url;
      let lastChunkSeen = false;
      const step = (phase: string, faults: FaultTable, timeoutMs: number, downFault: string): Promise<string> =>
        new Promise<string>((resolve, reject) => {
          let timer: unknown = null;
          const settle = (): void => {
            input.signal.removeEventListener('abort', aborted);
            if (timer !== null) this.#time.clearTimeout(timer);
          };
          const aborted = (): void => {
            if (this.#dead.has(owner)) return;
            settle();
            this.#remove(exchange);
            reject(new TransferError('aborted', said('upload_stopped'), false));
          };
          const exchange = this.#add(
            owner,
            `${phase} ${url.host} ${input.fileName}`,
            faults,
            (fault) => {
              settle();
              resolve(fault);
            },
            downFault,
          );
          // The socket's idle limit, and after the body the reply's deadline (transfer.ts).
          timer = this.#time.setTimeout(() => {
            settle();
            this.#remove(exchange);
            reject(new TransferError('timeout', said('file_server_silent'), lastChunkSeen));
          }, timeoutMs);
          if (input.signal.aborted) aborted();
          else input.signal.addEventListener('abort', aborted, { once: true });
        });

      const connect = await step('connect', CONNECT_FAULTS, input.sendStallMs, 'connection-refused');
      if (connect === 'dns-failure') throw new TransferError('network', said('file_server_not_found'), false);
      if (connect === 'connection-refused') throw new TransferError('network', said('file_server_refused_connection'), false);

      // The bytes, read as the pump reads them: the queued file, or a 'file' failure.
      const bytes = readQueuedFile(input.path, input.size, input.identity);
      // The digest of the bytes sent, as the real exchange takes it (transfer.ts).
      const content = input.hash ? new ContentHasher(input.size, [input.hash]) : null;
      content?.update(bytes);
      if (input.hold) await input.hold.passage(input.signal);
      input.onProgress(Math.floor(input.size / 2));
      const body = await step('body', BODY_FAULTS, input.sendStallMs, 'body-cut');
      if (body === 'body-cut') throw new TransferError('network', said('file_server_closed_connection'), false);
      if (input.hold) await input.hold.passage(input.signal);
      input.hold?.seal();
      lastChunkSeen = true;
      input.onLastChunk();
      input.onProgress(input.size);

      const arrive = await step('arrive', ARRIVE_FAULTS, input.replyTimeoutMs, 'cut-before-server');
      const contentTag = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
      let reply: { status: number; body: string };
      switch (arrive) {
        case 'cut-before-server':
          throw new TransferError('network', said('file_server_closed_connection'), true);
        case 'ok-empty-code':
          reply = { status: 200, body: '[{"file_code":"","file_status":"OK"}]' };
          break;
        case 'gateway-5xx':
          reply = { status: 502, body: '<html><head><title>502 Bad Gateway</title></head></html>' };
          break;
        case 'session-refused':
          this.#service.receiveUpload(fileServer, `${input.session}-spent`, input.folderId, input.fileName, input.size, contentTag);
          reply = { status: 200, body: '[{"file_code":"","file_status":"Invalid session"}]' };
          break;
        case 'none': {
          const made = this.#service.receiveUpload(fileServer, input.session, input.folderId, input.fileName, input.size, contentTag);
          if ('refused' in made) reply = { status: 200, body: JSON.stringify([{ file_code: '', file_status: made.refused }]) };
          else {
            const whole = JSON.stringify({ status: 200, msg: 'OK', result: [{ filecode: made.video.id, title: made.video.name }] });
            reply = { status: 200, body: whole };
          }
          break;
        }
        case 'malformed-reply': {
          const made = this.#service.receiveUpload(fileServer, input.session, input.folderId, input.fileName, input.size, contentTag);
          const code = 'video' in made ? made.video.id : '';
          reply = { status: 200, body: JSON.stringify({ status: 200, msg: 'OK', result: [{ filecode: code }] }).slice(0, 30) };
          break;
        }
        default:
          throw new Error(`no such file-server fault: ${arrive}`);
      }
      // The kernel took the last bytes: the engine learns the body went (job: finishing).
      await step('sent', { none: 1 }, input.replyTimeoutMs, 'none');
      input.onBodySent();
      const back = await step('reply', REPLY_FAULTS, input.replyTimeoutMs, 'reply-lost');
      if (back === 'reply-lost') throw new TransferError('network', said('file_server_closed_connection'), true);
      // Read by the transfer's own reading of a reply (transfer.ts).
      return { ...readFileServerReply(reply.status, reply.body), digest: content?.digest() ?? null };
    };
  }
}

/** The file as the pump would read it: the one queued (same identity and length), all of it. */
function readQueuedFile(path: string, size: number, identity: { dev: string | null; ino: string | null; mtimeMs: number } | undefined): Buffer {
  let bytes: Buffer;
  try {
    const info = lstatSync(path, { bigint: true });
    if (identity && ((identity.ino !== null && String(info.ino) !== identity.ino) || Math.trunc(Number(info.mtimeMs)) !== Math.trunc(identity.mtimeMs))) {
      throw new TransferError('file', said('file_swapped'), false);
    }
    bytes = readFileSync(path);
  } catch (error) {
    if (error instanceof TransferError) throw error;
    throw new TransferError('file', said('file_unreadable_now'), false, error);
  }
  if (bytes.length < size) throw new TransferError('file', said('file_shrank'), false);
  return bytes.subarray(0, size);
}
