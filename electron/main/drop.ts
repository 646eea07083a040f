// A drop for the upload queue, as main receives it from the preload (expose.ts, dropFiles):
// uploads:add's own input, whose paths the preload read from the dropped Files. Main grants
// exactly those paths and queues them in the same step, answering uploads:add's envelope, so
// a drop is one message instead of a grant per file followed by uploads:add.
// The page cannot name a path here: it hands Files to the preload, and the channel is not a
// contract method the page could invoke. A File the page built itself has no path (''): such
// a drop is refused whole. Nothing is granted unless the whole message is valid.
import { methods, type MethodInput, type MethodOutput } from '../../shared/contract.ts';
import { AppError, type Envelope } from '../../shared/errors.ts';
import { describeIssues, type Dispatch } from '../core/rpc/dispatch.ts';

/** What the preload sends: uploads:add's input; the account it is for travels beside it, as on every account call. */
export type DropMessage = MethodInput<'uploads:add'>;

export const NOT_LOCAL_FILES: Envelope<never> = {
  ok: false,
  error: { code: 'validation', message: 'Only files from this computer can be uploaded; the window handed over a file it made itself.', retryable: false },
};

export interface DropDeps {
  grantPath: (path: string) => void;
  dispatch: Dispatch;
}

export async function acceptDrop(message: unknown, accountId: unknown, deps: DropDeps): Promise<Envelope<MethodOutput<'uploads:add'>>> {
  if (hasPathlessFile(message)) return NOT_LOCAL_FILES;
  const parsed = methods['uploads:add'].input.safeParse(message);
  if (!parsed.success) return { ok: false, error: { code: 'validation', message: describeIssues(parsed.error), retryable: false } };
  try {
    for (const path of parsed.data.paths) deps.grantPath(path);
  } catch (error) {
    // The grants refuse what is not a full path: the person gets why, nothing is queued.
    if (error instanceof AppError) return { ok: false, error: error.toShape() };
    throw error;
  }
  // The dispatcher checks the account as it checks any account call's.
  return (await deps.dispatch('uploads:add', parsed.data, accountId)) as Envelope<MethodOutput<'uploads:add'>>;
}

function hasPathlessFile(message: unknown): boolean {
  const paths = typeof message === 'object' && message !== null ? (message as { paths?: unknown }).paths : undefined;
  return Array.isArray(paths) && paths.includes('');
}
