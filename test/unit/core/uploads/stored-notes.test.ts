// Migration 10 rewrites the English notes older versions stored as the codes that say them,
// in place, and leaves a note no code says as it was.
import { describe, expect, it } from 'vitest';
import { openDatabase, migrate } from '../../../../electron/core/db/database.ts';
import { uploadMigrations } from '../../../../electron/core/uploads/migrations.ts';
import { noteAsSaid } from '../../../../electron/core/uploads/stored-notes.ts';
import { toUploadJob, type JobRow } from '../../../../electron/core/uploads/job-row.ts';
import { sayInEnglish } from '../../../../shared/i18n/say.ts';

const ARRIVED = 'The video had already arrived on the service when the upload was cancelled, so it was kept.';
const SOUND_ONLY = '“b song.mp4” has no video in it: its MPEG-4 container holds only AAC sound. Only videos are uploaded.';

describe('stored job notes', () => {
  it('an old English note becomes its code with params; one no code says stays null (kept as written)', () => {
    expect(JSON.parse(noteAsSaid(ARRIVED)!)).toEqual({ code: 'note_arrived_before_cancel', params: {} });
    expect(JSON.parse(noteAsSaid(SOUND_ONLY)!)).toEqual({ code: 'skip_sound_only_in', params: { name: 'b song.mp4', container: 'MPEG-4', codec: 'AAC' } });
    expect(JSON.parse(noteAsSaid('“x.mkv” has no video in it: it holds no video track. Only videos are uploaded.')!)).toEqual({ code: 'skip_no_video_track', params: { name: 'x.mkv' } });
    expect(noteAsSaid('A note from elsewhere.')).toBeNull();
  });

  it('migration 10 rewrites the rows in place, and each reads back as the same English', () => {
    const db = openDatabase(':memory:');
    migrate(db, 'uploads', uploadMigrations.filter((m) => m.version < 10));
    const insert = db.prepare(
      "INSERT INTO upload_jobs (path, name, size, mtime_ms, content_type, folder_id, state, created_at, note) VALUES (?, ?, 1, 1, 'video/mp4', 0, 'cancelled', 1, ?)",
    );
    for (const [i, note] of [ARRIVED, SOUND_ONLY, 'A note from elsewhere.', null].entries()) insert.run(`/v/${i}.mp4`, `${i}.mp4`, note);
    migrate(db, 'uploads', uploadMigrations);
    const rows = db.prepare('SELECT * FROM upload_jobs ORDER BY id').all() as unknown as JobRow[];
    expect(rows.map((row) => row.note)).toEqual([
      '{"code":"note_arrived_before_cancel","params":{}}',
      '{"code":"skip_sound_only_in","params":{"name":"b song.mp4","container":"MPEG-4","codec":"AAC"}}',
      'A note from elsewhere.',
      null,
    ]);
    const notes = rows.map((row) => toUploadJob(row).note);
    expect(notes.map((note) => (note ? sayInEnglish(note) : null))).toEqual([ARRIVED, SOUND_ONLY, 'A note from elsewhere.', null]);
  });
});
