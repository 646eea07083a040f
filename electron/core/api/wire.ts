// Wire decisions that belong to no single operation (spec/wire-decisions.md): how the key
// travels, the name of the file part, and the remote-upload statuses. Every per-operation
// decision (parameter names, request shapes) is in the operation table, operations.ts; the
// file server's in electron/core/uploads/file-server.ts. Each is stated once, so a correction
// against the real service is a one-line change.

/** The header that carries the key (spec 5.2). The legacy `key` query parameter is never used. */
export const API_KEY_HEADER = 'X-Api-Key';
export const API_KEY_LENGTH = 16;

/** The multipart field name of the file part of operations 17 and 20 (the spec names it). */
export const FILE_FIELD = 'file';

// Decision: remote-upload statuses. Anything else is shown as it comes and counts as active
// unless it is one of the known inactive ones.
export const REMOTE_INACTIVE_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed']);
export const REMOTE_FAILED_STATUS = 'failed';

export function isRemoteActive(status: string): boolean {
  return !REMOTE_INACTIVE_STATUSES.has(status);
}
