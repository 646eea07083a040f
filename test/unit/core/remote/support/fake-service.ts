// An in-memory stand-in for the remote-upload part of the service, for unit tests only
// (the integration tests use the sandbox host over HTTP). It fails on request: offline,
// lost replies, refusals, and statuses the real worker never produces.
import { AppError } from '../../../../../shared/errors.ts';
import type { ServiceApi } from '../../../../../electron/core/api/service-api.ts';
import type { ServiceRemoteItem } from '../../../../../electron/core/api/schemas.ts';

type Remote = Pick<ServiceApi, 'remoteAdd' | 'remoteStatus' | 'remoteList' | 'remoteAction' | 'slots'>;

export interface FakeCall {
  op: 'add' | 'status' | 'list' | 'action' | 'slots';
  input?: unknown;
}

export class FakeService implements Remote {
  items: (ServiceRemoteItem & { receivedFolder?: number })[] = [];
  capacity = 100;
  offline = false;
  /** The next N submits are recorded by the service but their replies are lost. */
  loseReplies = 0;
  /** URLs the service refuses with this message. */
  refuse = new Map<string, string>();
  /** Hosts whose links are copied at once (never queued). */
  copyHosts = new Set<string>();
  readonly calls: FakeCall[] = [];
  #next = 1;

  #check(op: FakeCall['op'], input?: unknown): void {
    this.calls.push({ op, input });
    if (this.offline) throw new AppError('offline', 'The service could not be reached.');
  }

  #id(): string {
    return `item${String(this.#next++).padStart(8, '0')}`;
  }

  active(): number {
    return this.items.filter((i) => ['pending', 'downloading', 'processing'].includes(i.status) || !['completed', 'failed'].includes(i.status)).length;
  }

  calledOps(op: FakeCall['op']): FakeCall[] {
    return this.calls.filter((c) => c.op === op);
  }

  set(id: string, status: string): void {
    const item = this.items.find((i) => i.id === id);
    if (!item) throw new Error(`no item ${id}`);
    item.status = status;
  }

  async remoteAdd(input: { url: string; folder?: number }): Promise<{ id: string; name: string; slots: { used: number; total: number } }> {
    this.#check('add', input);
    const refusal = this.refuse.get(input.url);
    if (refusal !== undefined) throw new AppError('validation', refusal);
    if (this.copyHosts.has(new URL(input.url).hostname)) {
      return { id: this.#id(), name: 'copy', slots: { used: this.active(), total: this.capacity } };
    }
    if (this.active() >= this.capacity) throw new AppError('limit_reached', 'queue is full');
    const item = {
      id: this.#id(),
      url: input.url,
      status: 'pending',
      created: '2025-01-01 00:00:00',
      folder: input.folder ?? 0,
      bytes: { downloaded: 0, total: 0 },
    };
    this.items.push(item);
    if (this.loseReplies > 0) {
      this.loseReplies--;
      throw new AppError('offline', 'The reply was lost.');
    }
    return { id: item.id, name: 'x', slots: { used: this.active(), total: this.capacity } };
  }

  async remoteStatus(input: { id: string }): Promise<ServiceRemoteItem> {
    this.#check('status', input);
    const item = this.items.find((i) => i.id === input.id);
    if (!item) throw new AppError('not_found', 'Remote upload not found');
    return structuredClone(item);
  }

  async remoteList(input: { page: number; perPage: number }) {
    this.#check('list', input);
    const newestFirst = [...this.items].reverse();
    const start = (input.page - 1) * input.perPage;
    return {
      pagination: { page: input.page, perPage: input.perPage, total: newestFirst.length },
      list: structuredClone(newestFirst.slice(start, start + input.perPage)),
    };
  }

  async remoteAction(input: { action: 'retry_failed' | 'delete_failed' | 'delete_inactive' | 'delete'; id?: string }) {
    this.#check('action', input);
    const before = this.items.length;
    switch (input.action) {
      case 'retry_failed': {
        let affected = 0;
        for (const item of this.items) {
          if (item.status === 'failed' && this.active() < this.capacity) {
            item.status = 'pending';
            affected++;
          }
        }
        return { affected };
      }
      case 'delete_failed':
        this.items = this.items.filter((i) => i.status !== 'failed');
        break;
      case 'delete_inactive':
        this.items = this.items.filter((i) => i.status !== 'failed' && i.status !== 'completed');
        break;
      case 'delete':
        this.items = this.items.filter((i) => i.id !== input.id);
        break;
    }
    return { affected: before - this.items.length };
  }

  async slots() {
    this.#check('slots');
    const used = this.active();
    return { slots: { used, total: this.capacity, free: Math.max(0, this.capacity - used) } };
  }

  asApi(): ServiceApi {
    const unused = (): never => {
      throw new Error('not used by remote imports');
    };
    return new Proxy(this, {
      get: (target, key, receiver) => {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value === 'function') return (value as (...args: unknown[]) => unknown).bind(target);
        return value ?? unused;
      },
    }) as unknown as ServiceApi;
  }
}
