// `npm run bench -- media`: reading what 1,000 video files are (electron/core/files/media-info.ts)
// as the upload queue does when they are added. The files are real videos made by ffmpeg in
// six containers/codecs (MP4 with the index first, MOV with it last, MKV H.264 and HEVC,
// WebM VP9, AVI), most extended with sparse zeros to sizes up to 4 GiB, so the disk holds
// a few hundred MB. Prints the median and 95th percentile ms per file and the bytes read
// per file, against references measured in the same run on the same files: the content
// sniffing alone (open, read 4 KiB, close: the least any check costs) and ffprobe (the usual
// tool, one process per file, on every 10th file).
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, stat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { probeMedia } from '../../electron/core/files/media-info.ts';
import { sniffVideoFileBlocking } from '../../electron/core/files/video.ts';
import { makeVideo, type VideoRecipe } from '../support/videos.ts';

const run = promisify(execFile);
const FILES = 1000;
const GiB = 1024 ** 3;
const SEEDS: Array<{ name: string; recipe: VideoRecipe }> = [
  { name: 'seed.mp4', recipe: 'mp4-h264' },
  { name: 'seed.mov', recipe: 'mov-h264' },
  { name: 'seed.mkv', recipe: 'mkv-h264' },
  { name: 'seed-hevc.mkv', recipe: 'mkv-hevc' },
  { name: 'seed.webm', recipe: 'webm-vp9' },
  { name: 'seed.avi', recipe: 'avi-mpeg4' },
];

/** Sizes from a fixed spread: a third as made, the rest sparse up to 4 GiB. */
function sizeFor(i: number, real: number): number {
  const kind = i % 3;
  if (kind === 0) return real;
  const fraction = ((i * 7919) % 1000) / 1000;
  return kind === 1 ? Math.round(real + fraction * 200 * 1024 ** 2) : Math.round(GiB + fraction * 3 * GiB);
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

const sortNum = (values: number[]) => [...values].sort((a, b) => a - b);
const ms = (n: number) => n.toFixed(2).padStart(8);
const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;

export default async function mediaBench(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'vidlift-media-bench-'));
  try {
    for (const seed of SEEDS) await makeVideo(join(dir, seed.name), seed.recipe, { width: 640, height: 360, seconds: 4 });
    const files: Array<{ path: string; size: number }> = [];
    for (let i = 0; i < FILES; i++) {
      const seed = SEEDS[i % SEEDS.length]!;
      const path = join(dir, `${String(i).padStart(4, '0')}-${seed.name}`);
      await copyFile(join(dir, seed.name), path);
      const size = sizeFor(i, (await stat(path)).size);
      await truncate(path, size);
      files.push({ path, size });
    }

    // Warm-up: the WebAssembly module compiles once per process.
    await probeMedia(files[0]!.path);

    const times: number[] = [];
    const bytes: number[] = [];
    let missing = 0;
    for (const file of files) {
      const start = performance.now();
      const probe = await probeMedia(file.path);
      times.push(performance.now() - start);
      bytes.push(probe.bytesRead);
      if (probe.info.durationSeconds === null || probe.info.width === null || probe.info.videoCodec === null) missing++;
    }

    const sniffTimes: number[] = [];
    for (const file of files) {
      const start = performance.now();
      sniffVideoFileBlocking(file.path);
      sniffTimes.push(performance.now() - start);
    }

    const ffprobeTimes: number[] = [];
    for (const file of files.filter((_, i) => i % 10 === 0)) {
      const start = performance.now();
      await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration,bit_rate:stream=codec_name,width,height', '-of', 'json', file.path], { timeout: 60_000 });
      ffprobeTimes.push(performance.now() - start);
    }

    const t = sortNum(times);
    const b = sortNum(bytes);
    const s = sortNum(sniffTimes);
    const f = sortNum(ffprobeTimes);
    const totalSize = files.reduce((sum, file) => sum + file.size, 0);
    console.log(`${FILES} files, ${(totalSize / GiB).toFixed(0)} GiB in all (largest ${(Math.max(...files.map((x) => x.size)) / GiB).toFixed(2)} GiB), six container/codec kinds`);
    console.log('                          median ms   p95 ms     bytes read per file');
    console.log(`media info (mediainfo.js) ${ms(quantile(t, 0.5))} ${ms(quantile(t, 0.95))}   median ${kib(quantile(b, 0.5))}, max ${kib(b[b.length - 1] ?? 0)}`);
    console.log(`reference: sniff 4 KiB   ${ms(quantile(s, 0.5))} ${ms(quantile(s, 0.95))}   4 KiB`);
    console.log(`reference: ffprobe       ${ms(quantile(f, 0.5))} ${ms(quantile(f, 0.95))}   (not measured; ${f.length} files, one process each)`);
    console.log(`files without duration, size or video codec: ${missing}`);
    console.log(
      `summary: media median ${quantile(t, 0.5).toFixed(2)} ms/file, ${kib(quantile(b, 0.5))} read/file (max ${kib(b[b.length - 1] ?? 0)}); sniff ${quantile(s, 0.5).toFixed(2)} ms; ffprobe ${quantile(f, 0.5).toFixed(1)} ms; ${missing} incomplete`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
