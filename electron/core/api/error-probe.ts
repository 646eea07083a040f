// What a well-formed service error means. The service sends one message for many causes;
// each row's `meaning` (operations.ts) says which facts decide it, and this
// file finds them out with short read-only requests (is the key good, does the video or
// folder exist, are there free slots), within what is left of the call's deadline.
import type { ErrorCode } from '../../../shared/errors.ts';
import { hintFromMessage, type ErrorFacts } from './errors.ts';
import type { HttpResponse } from './http.ts';
import type { Input, OperationTable } from './operations.ts';
import { interpret, ServiceFailure } from './reply.ts';
import type * as s from './schemas.ts';
import type { Out, RequestOptions } from './service-api.ts';

/** What deciding a service error's meaning reads of a call. */
export interface CallSite {
  op: string;
  input: Input;
  options: RequestOptions | undefined;
  /** The per-minute window was full when it was sent (rows with `limitedPerMinute`). */
  overRateLimit?: boolean;
}

/** The extra checks after a service error get at most this long. */
const PROBE_DEADLINE_MS = 5_000;

export interface ErrorProbeOptions {
  /** The rows: every call's meaning, and the read-only operations a probe sends (1, 10, 13, 15). */
  operations: OperationTable;
  send: (op: string, input: Input, base: URL, key: string, signal: AbortSignal) => Promise<HttpResponse>;
  now: () => number;
  verifyKeyOnError: boolean;
  messageHints: boolean;
}

export class ErrorProbe {
  readonly #o: ErrorProbeOptions;

  constructor(options: ErrorProbeOptions) {
    this.#o = options;
  }

  async codeFor(spec: CallSite, base: URL, key: string, message: string, deadlineAt: number): Promise<ErrorCode> {
    const hinted = this.#o.messageHints ? hintFromMessage(message) : undefined;
    if (hinted) return hinted;
    const meaning = this.#row(spec.op).meaning;
    if (spec.op === 'account') return meaning.decide({}, spec.input);
    const facts: ErrorFacts = {};
    const probe = (op: string, input: Input) => this.#probe(op, input, base, key, deadlineAt, spec.options?.signal);
    if (this.#o.verifyKeyOnError) {
      facts.keyRefused = await this.#keyRefused(() => probe('account', {}));
      if (facts.keyRefused) return 'unauthorized';
    }
    for (const check of meaning.checks) {
      if (check === 'video' && typeof spec.input.id === 'string') {
        const outcome = await probe('videoInfo', { id: spec.input.id });
        if (outcome !== 'unknown') facts.videoExists = outcome === 'ok';
      } else if (check === 'folder') {
        const folderId = spec.input.folder ?? spec.input.parent;
        if (typeof folderId === 'number' && folderId > 0) {
          const exists = await this.#probeFolder(folderId, base, key, deadlineAt, spec.options?.signal);
          if (exists !== undefined) facts.folderExists = exists;
        }
      } else if (check === 'slots') {
        const outcome = await this.#probeSlots(base, key, deadlineAt, spec.options?.signal);
        if (outcome !== undefined) facts.freeSlots = outcome;
      } else if (check === 'rate') {
        facts.overRateLimit = spec.overRateLimit ?? false;
      }
    }
    return meaning.decide(facts, spec.input);
  }

  /**
   * A refused key is refused every time; a server that is failing fails now and then. So one
   * error from operation 1 is not enough (chaos saw a good key reported as refused when the
   * re-check met a passing 500): the key counts as refused only when operation 1 refuses it
   * twice in a row.
   */
  async #keyRefused(check: () => Promise<'ok' | 'refused' | 'unknown'>): Promise<boolean> {
    if ((await check()) !== 'refused') return false;
    return (await check()) === 'refused';
  }

  /** One read-only request, no retries: 'ok', 'refused' (a service error) or 'unknown'. */
  async #probe(op: string, input: Input, base: URL, key: string, deadlineAt: number, callerSignal?: AbortSignal): Promise<'ok' | 'refused' | 'unknown'> {
    try {
      await this.#probeReply(op, input, base, key, deadlineAt, callerSignal);
      return 'ok';
    } catch (error) {
      return error instanceof ServiceFailure ? 'refused' : 'unknown';
    }
  }

  /** Whether the folder is anywhere in the service's tree (operation 13 from the root). */
  async #probeFolder(folderId: number, base: URL, key: string, deadlineAt: number, callerSignal?: AbortSignal): Promise<boolean | undefined> {
    try {
      const reply = (await this.#probeReply('folders', { parent: 0 }, base, key, deadlineAt, callerSignal)) as Out<typeof s.folderList>;
      const inTree = (nodes: readonly s.FolderNode[]): boolean => nodes.some((node) => node.id === folderId || inTree(node.children));
      return inTree(reply.list);
    } catch {
      return undefined;
    }
  }

  async #probeSlots(base: URL, key: string, deadlineAt: number, callerSignal?: AbortSignal): Promise<number | undefined> {
    try {
      const reply = (await this.#probeReply('slots', {}, base, key, deadlineAt, callerSignal)) as Out<typeof s.slots>;
      return reply.slots.free;
    } catch {
      return undefined;
    }
  }

  async #probeReply(op: string, input: Input, base: URL, key: string, deadlineAt: number, callerSignal?: AbortSignal): Promise<unknown> {
    const ms = Math.max(1, Math.min(PROBE_DEADLINE_MS, deadlineAt - this.#o.now()));
    const deadline = AbortSignal.timeout(ms);
    const signal = callerSignal ? AbortSignal.any([deadline, callerSignal]) : deadline;
    const response = await this.#o.send(op, input, base, key, signal);
    return interpret(op, response, this.#row(op).reply);
  }

  #row(op: string) {
    const operation = this.#o.operations[op];
    if (!operation) throw new Error(`no row for operation ${op}`);
    return operation;
  }
}
