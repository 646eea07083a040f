// A thread started for work and let go without it (electron/core/on-demand-thread.ts): one
// thread for the work at hand, stopped after its idle time, a replaced thread finishing what it
// holds before it stops, a dead thread failing only its own work.
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { OnDemandThread, type StartThread } from '../../../electron/core/on-demand-thread.ts';

/** Answers each piece of work after `ms`, naming the script that answered; `die` exits at once. */
const SCRIPT = (name: string) => `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (work) => {
  if (work.die) process.exit(9);
  setTimeout(() => parentPort.postMessage({ id: work.id, by: ${JSON.stringify(name)} }), work.ms);
});`;

interface Answer {
  id: number;
  by: string;
}

/** An owner of the thread as subtitle-thread.ts and transfer-thread.ts are: its work by thread, settled by the answers. */
function owner(idleMs: number) {
  const held = new Map<Worker, Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>>();
  const started: Worker[] = [];
  const exited: Worker[] = [];
  const thread = new OnDemandThread<Answer>({
    source: new URL('./no-such-script.worker.ts', import.meta.url),
    limits: {},
    idleMs,
    heard: (worker, answer) => {
      const work = held.get(worker);
      work?.get(answer.id)?.resolve(answer);
      work?.delete(answer.id);
    },
    lost: (worker, error) => {
      for (const { reject } of held.get(worker)?.values() ?? []) reject(error);
      held.delete(worker);
    },
    busy: (worker) => (held.get(worker)?.size ?? 0) > 0,
  });
  const scriptNamed = (name: string): StartThread => (options: WorkerOptions) => {
    const worker = new Worker(SCRIPT(name), { ...options, eval: true });
    started.push(worker);
    worker.once('exit', () => exited.push(worker));
    return worker;
  };
  let nextId = 1;
  const send = (work: { ms?: number; die?: boolean }): { worker: Worker; answer: Promise<Answer> } => {
    const worker = thread.forWork();
    const id = nextId++;
    const answer = new Promise<Answer>((resolve, reject) => {
      if (!held.has(worker)) held.set(worker, new Map());
      held.get(worker)!.set(id, { resolve, reject });
    });
    worker.postMessage({ id, ms: work.ms ?? 0, die: work.die ?? false });
    return { worker, answer };
  };
  return { thread, scriptNamed, send, started, exited };
}

const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

const exitOf = (worker: Worker) => new Promise<void>((resolve) => worker.once('exit', () => resolve()));

describe('a thread started on demand', () => {
  it('has none without a script, and refuses work then', () => {
    const { thread } = owner(1000);
    expect(thread.available).toBe(false);
    expect(() => thread.forWork()).toThrow('no thread script');
  });

  it('starts with the first piece of work, runs the pieces at hand on one thread, and stops after its idle time', async () => {
    const { thread, scriptNamed, send, started } = owner(100);
    thread.use(scriptNamed('first'));
    const a = send({ ms: 20 });
    const b = send({ ms: 5 });
    stops.push(() => a.worker.terminate());
    expect(b.worker).toBe(a.worker);
    expect(await Promise.all([a.answer, b.answer])).toEqual([
      { id: 1, by: 'first' },
      { id: 2, by: 'first' },
    ]);
    await exitOf(a.worker);
    expect(started).toHaveLength(1);
    // The next piece starts a thread again.
    const c = send({ ms: 0 });
    stops.push(() => c.worker.terminate());
    expect(c.worker).not.toBe(a.worker);
    expect(await c.answer).toEqual({ id: 3, by: 'first' });
  });

  it('lets a thread replaced while it holds work finish that work, then stops it; new work goes to the new script', async () => {
    const { thread, scriptNamed, send, exited } = owner(60_000);
    thread.use(scriptNamed('old'));
    const long = send({ ms: 150 });
    stops.push(() => long.worker.terminate());
    thread.use(scriptNamed('new'));
    // Still running: it holds work.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(exited).not.toContain(long.worker);
    const next = send({ ms: 0 });
    stops.push(() => next.worker.terminate());
    expect(next.worker).not.toBe(long.worker);
    expect(await next.answer).toEqual({ id: 2, by: 'new' });
    expect(await long.answer).toEqual({ id: 1, by: 'old' });
    // Answered, the replaced thread stops at once (not after the idle minute).
    await exitOf(long.worker);
    expect(exited).toContain(long.worker);
    expect(exited).not.toContain(next.worker);
  });

  it('stops a replaced thread at once when it holds nothing', async () => {
    const { thread, scriptNamed, send } = owner(60_000);
    thread.use(scriptNamed('old'));
    const first = send({ ms: 0 });
    await first.answer;
    const exit = exitOf(first.worker);
    thread.use(scriptNamed('new'));
    await exit;
  });

  it('fails only the work a dead thread held, and starts another for the next piece', async () => {
    const { thread, scriptNamed, send } = owner(60_000);
    thread.use(scriptNamed('only'));
    const dying = send({ die: true });
    await expect(dying.answer).rejects.toThrow('code 9');
    const next = send({ ms: 0 });
    stops.push(() => next.worker.terminate());
    expect(next.worker).not.toBe(dying.worker);
    expect(await next.answer).toEqual({ id: 2, by: 'only' });
  });
});
