// Fault injection. A plan is a list of rules; the first rule that matches a request and
// fires (seeded PRNG against `rate`, bounded by `times`) decides the fault. The PRNG is its
// own stream, reseeded on every setPlan, so the same rngSeed + plan + request sequence
// always gives the same failures.
import type { ServerResponse } from 'node:http';
import { createRng, deriveSeed } from './rng.ts';
import type { Rng } from './rng.ts';

export type FaultKind =
  | 'server_error'
  | 'reset'
  | 'truncated_json'
  | 'malformed_json'
  | 'html_error'
  | 'drip'
  | 'redirect_foreign'
  | 'redirect_http'
  | 'huge_body'
  | 'empty_body'
  | 'reset_mid_body'
  | 'lose_reply';

export interface FaultRule {
  /** 'GET /v1/account', a bare path for any method, '*' for every /v1 route, 'FILES' for the file-server upload. */
  route: string;
  kind: FaultKind;
  rate?: number;
  times?: number;
  atByte?: number;
  atFraction?: number;
  redirectTo?: string;
  dripMs?: number;
  /** HTTP status for html_error (default 502) */
  status?: number;
  /** size of the huge_body reply (default 64 MiB) */
  hugeBytes?: number;
}
export type FaultPlan = FaultRule[];

/** Faults decided before the handler runs: the request has no effect on state. */
export const PRE_HANDLER: ReadonlySet<FaultKind> = new Set(['server_error', 'reset', 'html_error', 'redirect_foreign', 'redirect_http']);

export class FaultEngine {
  private plan: FaultPlan = [];
  private used: number[] = [];
  private rng: Rng;
  private readonly seed: number;
  injected = 0;

  constructor(rngSeed: number) {
    this.seed = deriveSeed(rngSeed, 1);
    this.rng = createRng(this.seed);
  }

  setPlan(plan: FaultPlan): void {
    for (const rule of plan) {
      if (rule.rate !== undefined && !(rule.rate >= 0 && rule.rate <= 1)) throw new Error(`fault rate must be in 0..1: ${rule.rate}`);
    }
    this.plan = plan.map((r) => ({ ...r }));
    this.used = plan.map(() => 0);
    this.rng = createRng(this.seed);
  }

  getPlan(): FaultPlan {
    return this.plan.map((r) => ({ ...r }));
  }

  /** `route` is 'METHOD /path' for API requests, 'FILES' for file-server uploads. */
  decide(route: string): FaultRule | undefined {
    for (let i = 0; i < this.plan.length; i++) {
      const rule = this.plan[i];
      if (!rule || !matches(rule.route, route)) continue;
      const used = this.used[i] ?? 0;
      if (rule.times !== undefined && used >= rule.times) continue;
      const rate = rule.rate ?? 1;
      // Draw for every matching rule, so the sequence depends only on the requests seen.
      const roll = this.rng.next();
      if (roll >= rate) continue;
      this.used[i] = used + 1;
      this.injected++;
      return rule;
    }
    return undefined;
  }
}

function matches(pattern: string, route: string): boolean {
  if (pattern === route) return true;
  if (route === 'FILES') return false;
  if (pattern === '*') return route.includes(' /v1/');
  if (!pattern.includes(' ')) return route.slice(route.indexOf(' ') + 1) === pattern;
  const [method, path] = pattern.split(' ');
  return (method === '*' || route.startsWith(`${method} `)) && (path === '*' || route.endsWith(` ${path}`));
}

const HTML_PAGE = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;

/** Pre-handler faults; `hostHeader` is used for the same-host plain-http redirect. */
export function writePreFault(rule: FaultRule, res: ServerResponse, method: string, pathAndQuery: string, hostHeader: string, serverErrorBody: string): void {
  switch (rule.kind) {
    case 'reset':
      res.socket?.destroy();
      res.destroy();
      return;
    case 'server_error':
      send(res, 500, serverErrorBody, 'application/json');
      return;
    case 'html_error':
      send(res, rule.status ?? 502, HTML_PAGE, 'text/html');
      return;
    case 'redirect_foreign':
    case 'redirect_http': {
      let location: string;
      if (rule.redirectTo) {
        const target = new URL(rule.redirectTo);
        // An origin alone keeps the request's path, so the foreign server sees what was asked.
        location = target.pathname === '/' && target.search === '' ? new URL(pathAndQuery, target).href : target.href;
      } else if (rule.kind === 'redirect_foreign') {
        location = new URL(pathAndQuery, 'http://foreign.invalid').href;
      } else {
        location = `http://${hostHeader}${pathAndQuery}`;
      }
      const status = method === 'GET' || method === 'HEAD' ? 302 : 307;
      res.writeHead(status, { Location: location, 'Content-Type': 'text/html', 'Content-Length': 0 });
      res.end();
      return;
    }
    default:
      send(res, 500, serverErrorBody, 'application/json');
  }
}

/** Post-handler faults: the request took effect, then the reply goes wrong. */
export function writePostFault(rule: FaultRule, res: ServerResponse, status: number, body: string, schedule: (fn: () => void, ms: number) => void): void {
  switch (rule.kind) {
    case 'truncated_json':
      send(res, status, body.slice(0, Math.max(1, Math.floor(body.length / 2))), 'application/json');
      return;
    case 'malformed_json':
      send(res, status, `{status: ${status}, message: 'OK', data: ${body.length > 2 ? body.slice(1, 40) : 'undefined'}`, 'application/json');
      return;
    case 'empty_body':
      send(res, status, '', 'application/json');
      return;
    case 'lose_reply':
    case 'reset':
    case 'reset_mid_body':
      res.socket?.destroy();
      res.destroy();
      return;
    case 'drip': {
      const bytes = Buffer.from(body);
      res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': bytes.length });
      res.flushHeaders();
      let i = 0;
      const step = (): void => {
        if (res.destroyed) return;
        if (i >= bytes.length) {
          res.end();
          return;
        }
        res.write(bytes.subarray(i, i + 1));
        i++;
        schedule(step, rule.dripMs ?? 50);
      };
      step();
      return;
    }
    case 'huge_body': {
      const total = rule.hugeBytes ?? 64 * 1024 * 1024;
      const block = Buffer.alloc(64 * 1024, 0x78);
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.write('{"padding":"');
      let sent = 0;
      const pump = (): void => {
        while (sent < total && !res.destroyed) {
          const n = Math.min(block.length, total - sent);
          sent += n;
          if (!res.write(block.subarray(0, n))) {
            res.once('drain', pump);
            return;
          }
        }
        if (!res.destroyed) res.end(`","data":${body}}`);
      };
      pump();
      return;
    }
    default:
      writePreFault(rule, res, 'GET', '/', 'localhost', body);
  }
}

export function send(res: ServerResponse, status: number, body: string, contentType: string): void {
  if (res.headersSent || res.destroyed) return;
  const bytes = Buffer.from(body);
  res.writeHead(status, { 'Content-Type': `${contentType}; charset=utf-8`, 'Content-Length': bytes.length });
  res.end(bytes);
}
