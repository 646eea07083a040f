// What the window says about an upload's verification (issue 26): the codes of
// shared/upload-verification.ts put into words, for the queue row, the history and the
// library's details. One place, so the three say the same; worded when called, in the language
// in force (window-tasks.json).
import type { FolderCheck, NameWarning, TitleChangeReason, UploadVerification } from '../../../shared/upload-verification.ts';
import { isVerified } from '../../../shared/upload-verified.ts';
import { m } from '../../../shared/i18n/index.ts';

export const TITLE_CHANGE_TEXT: Record<TitleChangeReason, () => string> = {
  'read-as-latin1': m.tasks_title_read_as_latin1,
  'cut-at-backslash': m.tasks_title_cut_at_backslash,
  'escapes-kept': m.tasks_title_escapes_kept,
  'escapes-decoded': m.tasks_title_escapes_decoded,
  shortened: m.tasks_title_shortened,
  'characters-replaced': m.tasks_title_characters_replaced,
};

export const NAME_WARNING_TEXT: Record<NameWarning, () => string> = {
  quote: m.tasks_name_warning_quote,
  'line-break': m.tasks_name_warning_line_break,
  'escape-like': m.tasks_name_warning_escape_like,
};

const FOLDER_TEXT: Record<Exclude<FolderCheck, 'found'>, () => string> = {
  missing: m.tasks_verify_folder_missing,
  unchecked: m.tasks_verify_folder_unchecked,
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
  const title = visible(verification.title.stored);
  const reasons = because(verification.title.reasons);
  return reasons === null ? m.tasks_stored_as({ title }) : m.tasks_stored_as_because({ title, reasons });
}

/** In the library, whose title is the stored one: the name it was sent with, and why they differ. */
export function sentAsText(name: string, verification: UploadVerification | null | undefined): string | null {
  if (verification?.title.status !== 'differs') return null;
  const sent = visible(name);
  const reasons = because(verification.title.reasons);
  return reasons === null ? m.tasks_sent_as({ name: sent }) : m.tasks_sent_as_because({ name: sent, reasons });
}

/** The reasons joined, or null when the service gave none. */
function because(reasons: readonly TitleChangeReason[]): string | null {
  return reasons.length > 0 ? reasons.map((reason) => TITLE_CHANGE_TEXT[reason]()).join(m.tasks_list_separator()) : null;
}

/** The words for a finished upload; a job finished before verification existed says only "Done". */
export function describeVerification(verification: UploadVerification | null | undefined): VerificationWords {
  if (!verification) return { label: m.tasks_state_done(), tone: 'ok', detail: null };
  if (isVerified(verification)) return { label: m.tasks_done_verified(), tone: 'ok', detail: null };
  const parts = [storedAsText(verification)];
  if (verification.title.status === 'unknown') parts.push(m.tasks_verify_title_unknown());
  if (verification.folder !== 'found') parts.push(FOLDER_TEXT[verification.folder]());
  const label =
    verification.title.status === 'differs'
      ? m.tasks_done_title_changed()
      : verification.folder === 'missing'
        ? m.tasks_done_not_in_folder()
        : m.tasks_done_not_verified();
  return { label, tone: 'pending', detail: parts.filter((part) => part !== null).join(' ') };
}

/** Before the upload: what its name holds that is not sent as it is. */
export function nameWarningText(warnings: readonly NameWarning[] | undefined): string | null {
  return warnings && warnings.length > 0 ? warnings.map((warning) => NAME_WARNING_TEXT[warning]()).join(' ') : null;
}

/** Control characters (a line break, C1 codes a Latin-1 reading makes) shown, not acted on. */
function visible(text: string): string {
  // \p{Cc}: the C0 and C1 control characters, DEL included.
  return text.replace(/\p{Cc}/gu, (char) => (char === '\n' ? '↵' : char === '\r' ? '␍' : `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`));
}
