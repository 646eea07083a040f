// Progress on a terminal: one bar per file and a total, drawn by cli-progress (the bar
// library most Node CLIs use; it redraws in place and falls back to nothing without a TTY).
import cliProgress from 'cli-progress';
import { basename } from 'node:path';
import type { UploadJob } from '../../shared/model.ts';
import { m } from '../../shared/i18n/index.ts';
import { displayWidth } from './output.ts';
import { formatBytes } from './locale.ts';
import { stateWords } from './job-states.ts';

/**
 * A bar is named by its key: a job id is only unique within its account's queue, and one run
 * may upload into several accounts (`upload work:a.mp4 home:b.mp4`), so the caller names each
 * bar by account and job.
 */
interface UploadProgress {
  update(key: string, bytesSent: number): void;
  finish(key: string, state: UploadJob['state']): void;
  stop(): void;
}

const NAME_WIDTH = 24;

/** The start of a name that takes at most `width` columns (a Chinese character takes two). */
function cutToWidth(name: string, width: number): string {
  let cut = '';
  for (const char of name) {
    if (displayWidth(cut + char) > width) break;
    cut += char;
  }
  return cut;
}

/** A name padded to the bars' column by the width it takes on a terminal (wide characters count two). */
const padName = (name: string): string => name + ' '.repeat(Math.max(0, NAME_WIDTH - displayWidth(name)));

export function createUploadProgress(files: ReadonlyArray<{ key: string; path: string; size: number }>, enabled: boolean): UploadProgress {
  if (!enabled || files.length === 0) return { update() {}, finish() {}, stop() {} };
  const multibar = new cliProgress.MultiBar(
    {
      format: '{name} [{bar}] {percentage}% {done}/{size} {state}',
      hideCursor: true,
      clearOnComplete: false,
      stopOnComplete: false,
      // Fits 80 columns with the longest state word of the ten languages (de "fehlgeschlagen"); cli-progress cuts a longer line.
      barsize: 16,
      fps: 4,
    },
    cliProgress.Presets.shades_classic,
  );
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const sent = new Map<string, number>();
  const bars = new Map(
    files.map((f) => {
      const name = basename(f.path);
      const label = padName(displayWidth(name) > NAME_WIDTH ? `${cutToWidth(name, NAME_WIDTH - 1)}…` : name);
      return [f.key, { bar: multibar.create(f.size, 0, { name: label, done: formatBytes(0), size: formatBytes(f.size), state: '' }), size: f.size }];
    }),
  );
  const totalBar = multibar.create(total, 0, { name: padName(m.cli_progress_total()), done: formatBytes(0), size: formatBytes(total), state: '' });
  const redrawTotal = (): void => {
    const value = [...sent.values()].reduce((a, b) => a + b, 0);
    totalBar.update(value, { done: formatBytes(value) });
  };
  return {
    update(id, bytesSent) {
      const entry = bars.get(id);
      if (!entry) return;
      sent.set(id, bytesSent);
      entry.bar.update(bytesSent, { done: formatBytes(bytesSent) });
      redrawTotal();
    },
    finish(id, state) {
      const entry = bars.get(id);
      if (!entry) return;
      if (state === 'done') sent.set(id, entry.size);
      const at = state === 'done' ? entry.size : (sent.get(id) ?? 0);
      entry.bar.update(at, { state: stateWords(state), done: formatBytes(at) });
      redrawTotal();
    },
    stop() {
      multibar.stop();
    },
  };
}
