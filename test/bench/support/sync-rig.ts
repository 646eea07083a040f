// What the library and scale benchmarks share: the sandbox host in a child process (its CPU
// is not counted in the bench's own, and it is read from /proc to check the host is not the
// bottleneck), a request counter in front of the real client, and the first-sync lower bound.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ServiceApi } from '../../../electron/core/api/service-api.ts';

const here = dirname(fileURLToPath(import.meta.url));

export interface HostProcess {
  child: ChildProcess;
  baseUrl: string;
  apiKey: string;
  /** CPU seconds the host has used so far (Linux /proc; NaN elsewhere). */
  cpuSeconds(): number;
  stop(): void;
}

/** `at`: the address and key of an earlier host, for a profile kept from it (its settings hold them). */
export async function startHostProcess(seed: string, latencyMs: number, at?: { port: number; apiKey: string }): Promise<HostProcess> {
  const again = at ? ['--port', String(at.port), '--key', at.apiKey] : [];
  const child = spawn(process.execPath, [join(here, '../../host/cli.ts'), '--seed', seed, '--latency', String(latencyMs), ...again], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`sandbox host exited (${code})`)));
  });
  lines.close();
  const { baseUrl, apiKey } = JSON.parse(first) as { baseUrl: string; apiKey: string };
  const cpuSeconds = (): number => {
    try {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
    } catch {
      return Number.NaN;
    }
  };
  return { child, baseUrl, apiKey, cpuSeconds, stop: () => child.kill('SIGTERM') };
}

/** Counts requests per operation, in front of the real client. */
export function counting(api: ServiceApi): { api: ServiceApi; counts: Map<string, number>; total: () => number } {
  const counts = new Map<string, number>();
  const proxy = new Proxy(api, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        counts.set(String(prop), (counts.get(String(prop)) ?? 0) + 1);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { api: proxy, counts, total: () => [...counts.values()].reduce((a, b) => a + b, 0) };
}

/** The network lower bound of `requests` at `concurrency` in flight, `latencyMs` each, in seconds. */
export function lowerBound(requests: number, concurrency: number, latencyMs: number): number {
  return (Math.ceil(requests / concurrency) * latencyMs) / 1000;
}

export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

export function cpuSeconds(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
}

export const round = (value: number, digits = 2): number => Number(value.toFixed(digits));

export const quietLogger = { debug() {}, info() {}, warn: (m: string, f?: unknown) => console.warn(m, f), error: (m: string, f?: unknown) => console.error(m, f) };
