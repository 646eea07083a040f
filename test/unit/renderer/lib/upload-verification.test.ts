// The words for an upload's verification (issue 26), the same in the queue, the history and
// the library: every reason and warning code has its sentence, control characters are shown.
import { describe, expect, it } from 'vitest';
import { describeVerification, nameWarningText, sentAsText, storedAsText, NAME_WARNING_TEXT, TITLE_CHANGE_TEXT } from '../../../../renderer/src/lib/upload-verification.ts';
import { NameWarning, TitleChangeReason } from '../../../../shared/upload-verification.ts';

describe('the words of a verification', () => {
  it('has a sentence for every reason and every warning the core may send', () => {
    expect(Object.keys(TITLE_CHANGE_TEXT).sort()).toEqual([...TitleChangeReason.options].sort());
    expect(Object.keys(NAME_WARNING_TEXT).sort()).toEqual([...NameWarning.options].sort());
  });

  it('says "Done — verified" only when the title is the one sent and the video is in its folder', () => {
    expect(describeVerification({ title: { status: 'same' }, folder: 'found' })).toEqual({ label: 'Done — verified', tone: 'ok', detail: null });
    expect(describeVerification(null)).toEqual({ label: 'Done', tone: 'ok', detail: null });
    expect(describeVerification({ title: { status: 'same' }, folder: 'missing' })).toMatchObject({ label: 'Done — not in its folder', tone: 'pending' });
    expect(describeVerification({ title: { status: 'unknown' }, folder: 'found' })).toMatchObject({
      label: 'Done — not verified',
      detail: 'The service did not name the title it stored.',
    });
    expect(describeVerification({ title: { status: 'same' }, folder: 'unchecked' }).detail).toContain('could not be listed');
  });

  it('says what the service stored, why, and shows the control characters it holds', () => {
    const cut = { title: { status: 'differs' as const, stored: 'slash plain.mp4', reasons: ['cut-at-backslash' as const] }, folder: 'found' as const };
    expect(describeVerification(cut)).toEqual({
      label: 'Done — title changed',
      tone: 'pending',
      detail: 'Stored as “slash plain.mp4” (the file server kept only what follows the last backslash).',
    });
    expect(storedAsText({ title: { status: 'differs', stored: 'a\r\nb\u0080', reasons: [] }, folder: 'found' })).toBe('Stored as “a␍↵b\\x80”.');
    expect(sentAsText('back\\slash plain.mp4', cut)).toBe(
      'Uploaded from this computer as “back\\slash plain.mp4”; the service stored another title (the file server kept only what follows the last backslash).',
    );
    expect(sentAsText('a.mp4', { title: { status: 'same' }, folder: 'found' })).toBeNull();
  });

  it('words the warnings given before an upload', () => {
    expect(nameWarningText([])).toBeNull();
    expect(nameWarningText(undefined)).toBeNull();
    expect(nameWarningText(['quote'])).toContain('sent as %22');
  });
});
