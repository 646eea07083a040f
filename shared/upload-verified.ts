// The rule for a verified upload, without a schema library: the window marks its rows with it
// and its bundle carries no zod (shared/contract-names.ts); shared/upload-verification.ts re-exports it.
import type { UploadVerification } from './upload-verification.ts';

/** Verified: the title is the one sent and the video is in its folder. */
export function isVerified(verification: UploadVerification | null | undefined): boolean {
  return verification?.title.status === 'same' && verification.folder === 'found';
}
