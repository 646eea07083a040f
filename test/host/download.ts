// Real HTTP(S) downloads for remote uploads and subtitles by URL. node:http(s) directly,
// so loopback test servers work and nothing keeps the process alive after an abort.
import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface DownloadOptions {
  /** Whole-transfer deadline (the subtitle operation's 30 s upstream timeout). */
  timeoutMs?: number;
  /** Abort when no byte arrives for this long. */
  idleMs?: number;
  maxBytes?: number;
  signal?: AbortSignal;
  keep?: boolean;
  onResponse?: (total: number) => void;
  onData?: (chunk: Buffer) => void;
}

export interface DownloadResult {
  size: number;
  bytes?: Buffer;
  fileName?: string;
}

export class DownloadError extends Error {
  override readonly name = 'DownloadError';
}

const MAX_REDIRECTS = 5;

export function download(url: URL, opts: DownloadOptions): Promise<DownloadResult> {
  return new Promise<DownloadResult>((resolve, reject) => {
    const controller = new AbortController();
    let settled = false;
    let deadline: NodeJS.Timeout | undefined;
    let idle: NodeJS.Timeout | undefined;
    const finish = (err: Error | undefined, result?: DownloadResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearTimeout(idle);
      opts.signal?.removeEventListener('abort', onAbort);
      if (err) {
        controller.abort();
        reject(err);
      } else resolve(result as DownloadResult);
    };
    const onAbort = (): void => finish(new DownloadError('Download cancelled'));
    if (opts.signal?.aborted) return onAbort();
    opts.signal?.addEventListener('abort', onAbort);
    if (opts.timeoutMs !== undefined) deadline = setTimeout(() => finish(new DownloadError('Upstream timeout')), opts.timeoutMs);
    const armIdle = (): void => {
      if (opts.idleMs === undefined) return;
      clearTimeout(idle);
      idle = setTimeout(() => finish(new DownloadError('Upstream stalled')), opts.idleMs);
    };

    const get = (target: URL, hops: number): void => {
      if (target.protocol !== 'http:' && target.protocol !== 'https:') return finish(new DownloadError('Only HTTP and HTTPS URLs can be downloaded'));
      const requester = target.protocol === 'https:' ? httpsRequest : httpRequest;
      armIdle();
      const req = requester(target, { method: 'GET', signal: controller.signal, headers: { 'User-Agent': 'vidhost-fetcher/1.0', Accept: '*/*' } }, (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          if (hops >= MAX_REDIRECTS) return finish(new DownloadError('Too many redirects'));
          let next: URL;
          try {
            next = new URL(res.headers.location, target);
          } catch {
            return finish(new DownloadError('Bad redirect'));
          }
          return get(next, hops + 1);
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return finish(new DownloadError(`Upstream answered HTTP ${status}`));
        }
        const total = Number(res.headers['content-length'] ?? 0) || 0;
        if (opts.maxBytes !== undefined && total > opts.maxBytes) {
          res.destroy();
          return finish(new DownloadError('File is too large'));
        }
        opts.onResponse?.(total);
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          armIdle();
          size += chunk.length;
          if (opts.maxBytes !== undefined && size > opts.maxBytes) {
            res.destroy();
            return finish(new DownloadError('File is too large'));
          }
          if (opts.keep) chunks.push(chunk);
          opts.onData?.(chunk);
        });
        res.on('end', () => {
          if (total > 0 && size < total) return finish(new DownloadError('Upstream closed early'));
          const result: DownloadResult = { size };
          if (opts.keep) result.bytes = Buffer.concat(chunks);
          const cd = res.headers['content-disposition'];
          const m = cd ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(cd) : null;
          if (m?.[1]) result.fileName = decodeURIComponent(m[1]);
          finish(undefined, result);
        });
        res.on('error', (e) => finish(new DownloadError(`Upstream error: ${e.message}`)));
        res.on('aborted', () => finish(new DownloadError('Upstream closed early')));
      });
      req.on('error', (e) => finish(new DownloadError(`Cannot reach upstream: ${e.message}`)));
      req.end();
    };
    get(url, 0);
  });
}
