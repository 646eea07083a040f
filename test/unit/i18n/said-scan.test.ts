// The lint check that keeps English sentences out of electron/core's throws (test/i18n/said-scan.ts).
import { describe, expect, it } from 'vitest';
import { scan, scanSource } from '../../i18n/said-scan.ts';

describe('said-scan', () => {
  it('flags a sentence given to AppError, Error or a refusal helper, in a literal, a template or a choice', () => {
    const source = [
      "throw new AppError('validation', 'That folder is not there any more; pick it again.', { retryable: false });",
      'throw new AppError(\'validation\', `“${name}” has started uploading; its folder can no longer change.`);',
      "throw new Error('The file server address is not an http or https address.');",
      "refuse(ok ? 'Not a file.' : 'Not a folder either.');",
    ].join('\n');
    expect(scanSource('x.ts', source).map((f) => f.line)).toEqual([1, 2, 3, 4]);
  });

  it('flags a sentence given to any error class, to super(…) in a constructor, and to a field a person reads', () => {
    const source = [
      "throw new ServiceError('server', `The service sent ${what}, which Vidlift cannot use.`, { kind: 'bad_reply' });",
      "finish(new TransferError('timeout', 'The file server stopped answering.', true));",
      'class DeadlineExceeded extends Error { constructor(ms: number) { super(`no complete answer within ${ms} s`); } }',
      "return { ok: false, error: 'no secret in the keychain' };",
      "return { follow: false, reason: 'a redirect from https to plain http' };",
      "status.problem = 'The keychain is locked.';",
    ].join('\n');
    expect(scanSource('x.ts', source).map((f) => f.line)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('passes codes, a category, a developer note in lower case, and text from elsewhere', () => {
    const source = [
      "throw new AppError('not_found', said('upload_gone'), { retryable: false });",
      "throw new Error('a limiter needs at least one slot');",
      'throw new AppError(error.code, describeIssues(parsed.error));',
      'throw new Error(`${method} returned a result outside its contract: ${detail}`);',
      "throw new TransferError(status >= 500 ? 'server' : 'refused', said('upload_gone'), true);",
      "class FileSwappedError extends AppError { constructor(why: Said) { super('validation', why, { retryable: false }); } }",
      "return { ok: false, reason: queued ? 'already_queued' : 'locate_first', message: error.message };",
    ].join('\n');
    expect(scanSource('x.ts', source)).toEqual([]);
  });

  // Parses every file of electron/core (3.5 s alone on the shared CI machine, over 5 s beside other tests).
  it('electron/core passes', () => {
    expect(scan([new URL('../../../electron/core', import.meta.url).pathname])).toEqual([]);
  }, 30_000);
});
