// What the window says about an upload's verification (issue 26): the codes of
// shared/upload-verification.ts put into words, for the queue row, the history and the
// library's details. One place, so the three say the same.
import type { FolderCheck, NameWarning, TitleChangeReason, UploadVerification } from '../../../shared/upload-verification.ts';
import { isVerified } from '../../../shared/upload-verified.ts';

export const TITLE_CHANGE_TEXT: Record<TitleChangeReason, string> = {
  'read-as-latin1': 'the file server read the name’s letters as Latin-1',
  'cut-at-backslash': 'the file server kept only what follows the last backslash',
  'escapes-kept': 'the file server kept a quote or line break as the %22, %0D or %0A it is sent as',
  'escapes-decoded': 'the file server read a %22, %0D or %0A in the name as a quote or line break',
  shortened: 'the title was shortened',
  'characters-replaced': 'some characters were replaced',
};

export const NAME_WARNING_TEXT: Record<NameWarning, string> = {
  quote: 'The name holds a double quote. It is sent as %22, as browsers send it; a file server that does not decode it shows %22 in the title.',
  'line-break': 'The name holds a line break. It is sent as %0D or %0A, as browsers send it; a file server that does not decode it shows those in the title.',
  'escape-like': 'The name holds %22, %0D or %0A. Browsers send a quote or line break so, and a file server that decodes them shows a quote or line break instead.',
};

const FOLDER_TEXT: Record<Exclude<FolderCheck, 'found'>, string> = {
  missing: 'It was not in its folder’s listing after the upload.',
  unchecked: 'Its folder could not be listed after the upload to confirm it.',
};

export type VerificationTone = 'ok' | 'pending';

export interface VerificationWords {
  /** The state badge: "Done — verified", "Done — title changed", … */
  label: string;
  tone: VerificationTone;
  /** One line for the row: what differs and why; null when verified or never checked. */
  detail: string | null;
}

/** "Stored as “…”, because …" — the title the service holds, when it is not the name sent. */
export function storedAsText(verification: UploadVerification | null | undefined): string | null {
  if (verification?.title.status !== 'differs') return null;
  return `Stored as “${visible(verification.title.stored)}”${because(verification.title.reasons)}.`;
}

/** In the library, whose title is the stored one: the name it was sent with, and why they differ. */
export function sentAsText(name: string, verification: UploadVerification | null | undefined): string | null {
  if (verification?.title.status !== 'differs') return null;
  return `Uploaded from this computer as “${visible(name)}”; the service stored another title${because(verification.title.reasons)}.`;
}

function because(reasons: readonly TitleChangeReason[]): string {
  return reasons.length > 0 ? ` (${reasons.map((reason) => TITLE_CHANGE_TEXT[reason]).join('; ')})` : '';
}

/** The words for a finished upload; a job finished before verification existed says only "Done". */
export function describeVerification(verification: UploadVerification | null | undefined): VerificationWords {
  if (!verification) return { label: 'Done', tone: 'ok', detail: null };
  if (isVerified(verification)) return { label: 'Done — verified', tone: 'ok', detail: null };
  const parts = [storedAsText(verification)];
  if (verification.title.status === 'unknown') parts.push('The service did not name the title it stored.');
  if (verification.folder !== 'found') parts.push(FOLDER_TEXT[verification.folder]);
  const label =
    verification.title.status === 'differs' ? 'Done — title changed' : verification.folder === 'missing' ? 'Done — not in its folder' : 'Done — not verified';
  return { label, tone: 'pending', detail: parts.filter((part) => part !== null).join(' ') };
}

/** Before the upload: what its name holds that is not sent as it is. */
export function nameWarningText(warnings: readonly NameWarning[] | undefined): string | null {
  return warnings && warnings.length > 0 ? warnings.map((warning) => NAME_WARNING_TEXT[warning]).join(' ') : null;
}

/** Control characters (a line break, C1 codes a Latin-1 reading makes) shown, not acted on. */
function visible(text: string): string {
  // \p{Cc}: the C0 and C1 control characters, DEL included.
  return text.replace(/\p{Cc}/gu, (char) => (char === '\n' ? '↵' : char === '\r' ? '␍' : `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`));
}
