// The rule for a verified upload, without a schema library: the window marks its rows with it
// and its bundle carries no zod (shared/contract-names.ts); shared/upload-verification.ts re-exports it.

/** The fields the rule reads (upload-verification.ts's UploadVerification has them; importing it back would be a circle). */
interface Checked {
  title: { status: string };
  folder: string;
}

/** Verified: the title is the one sent and the video is in its folder. */
export function isVerified(verification: Checked | null | undefined): boolean {
  return verification?.title.status === 'same' && verification.folder === 'found';
}
