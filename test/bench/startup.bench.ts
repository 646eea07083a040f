// `npm run bench -- startup` (issue 33): how soon the window is usable after a start, and what
// the app costs while it sits hidden. One profile, made first (not timed): a sandbox account
// whose library holds 1,000,000 videos in one folder (synced for real from the sandbox host,
// which runs in a process of its own), 10,000 queued uploads (the queue paused) and 3 watch
// folders. Then:
// - the renderer's JavaScript, gzipped: what index.html loads before the first screen (the
//   entry and its preloaded chunks) and all of it (the parts loaded on first use included);
// - first paint and interactive: the BUILT renderer served by the app:// handler (with the
//   app's CSP) in Debian's Chromium, the built preload as the page's bridge to
//   electron/main/ipc.ts, the real core already started behind it: from navigation to the
//   first contentful paint, and to the video list answering a key press (ArrowDown moves the
//   focus to the next video);
// - core ready: the BUILT out/main/index.js in a process of its own on the Electron double,
//   from the import of the bundle to the answers of the window's first IPC calls, the ones its
//   first screen waits for (app:info, accounts:list, settings:get; median of 3 starts);
// - idle: the same built main process with the window hidden, once the sync's refresh after the
//   start has ended and 20 s more have passed, over
//   2 minutes: every callback its event loop ran (async_hooks, by kind; per second; worker
//   threads not counted), and its RSS read from /proc every 2 s by this process (a timer in
//   the child would wake it): the largest climb between two readings, scaled to 10 minutes
//   (x5), with the least-squares trend beside it. The two ends alone read a step down (a
//   collection, the allocator giving pages back) as a trend: the line printed -181.66 MiB per
//   10 minutes from one step of -36 MiB.
// Goals beside each figure: initial JS <= 150 KB gz, first paint < 300 ms, interactive
// < 600 ms, core ready < 150 ms, wakeups <= 1/s, RSS growth over 10 minutes < 5 MiB.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startHostProcess } from './support/sync-rig.ts';
import type { StartupChildFigures } from './support/startup-child.ts';
import { largestRise, makeStartupProfile, openStartupPage, rssTrend, runChild, VIDEOS, type PageFigures } from './support/startup-page.ts';

const repo = resolve(import.meta.dirname, '../..');
const SETTLE_SECONDS = 20;
const IDLE_SECONDS = 120;
const MIB = 1024 * 1024;

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Gzipped sizes of the built renderer's scripts: those index.html loads, and all. */
function rendererSizes(): { initialKb: number; totalKb: number; chunks: number } {
  const root = join(repo, 'out/renderer');
  const html = readFileSync(join(root, 'index.html'), 'utf8');
  const loaded = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const gz = (file: string) => gzipSync(readFileSync(join(root, file)), { level: 9 }).length / 1024;
  const all = readdirSync(join(root, 'assets')).filter((name) => name.endsWith('.js')).map((name) => `assets/${name}`);
  return { initialKb: loaded.reduce((sum, file) => sum + gz(file), 0), totalKb: all.reduce((sum, file) => sum + gz(file), 0), chunks: all.length };
}

/** The page's figures: the median of 3 reloads after a first load (support/startup-page.ts). */
async function measurePage(userData: string, baseUrl: string): Promise<PageFigures & { runs: PageFigures[] }> {
  const rig = await openStartupPage(userData, baseUrl);
  try {
    const runs: PageFigures[] = [];
    for (let i = 0; i < 3; i++) runs.push(await rig.reload());
    return {
      firstPaintMs: median(runs.map((run) => run.firstPaintMs)),
      interactiveMs: median(runs.map((run) => run.interactiveMs)),
      rowsMs: median(runs.map((run) => run.rowsMs)),
      runs,
    };
  } finally {
    await rig.close();
  }
}

export default async function run(): Promise<void> {
  const startedAt = Date.now();
  // The bench measures the app as it ships: out/ built from these sources.
  execFileSync('npm', ['run', 'build'], { cwd: repo, stdio: 'ignore' });
  const sizes = rendererSizes();

  const root = mkdtempSync(join(tmpdir(), 'vidlift-startup-bench-'));
  const host = await startHostProcess(`flat:${VIDEOS}`, 0);
  try {
    const userData = join(root, 'profile');
    await makeStartupProfile(root, userData, host);
    const prepSeconds = (Date.now() - startedAt) / 1000;

    const starts: StartupChildFigures[] = [];
    for (let i = 0; i < 3; i++) starts.push(await runChild({ mode: 'ready', userData }));
    const ready = starts.map((start) => start.readyMs!);
    const idle = await runChild({ mode: 'idle', userData, settleSeconds: SETTLE_SECONDS, idleSeconds: IDLE_SECONDS });
    const page = await measurePage(userData, host.baseUrl);

    const wakeups = idle.wakeups ?? {};
    const wakeupsPerSecond = Object.values(wakeups).reduce((sum, n) => sum + n, 0) / IDLE_SECONDS;
    // The RSS read every 2 s: the most it climbed over the window, scaled to 10 minutes (a leak
    // climbs in proportion to the time); its least-squares trend and the two ends beside it.
    const samples = idle.rssSamples ?? [];
    const rssGrowth10Min = ((largestRise(samples) / MIB) * 600) / IDLE_SECONDS;
    const rssTrend10Min = (rssTrend(samples) * 600) / MIB;
    const rssLow = Math.min(...samples.map((sample) => sample.bytes)) / MIB;
    const rssHigh = Math.max(...samples.map((sample) => sample.bytes)) / MIB;
    const load = loadavg().map((value) => round(value, 2)).join(' ');
    const reloads = (figure: (run: PageFigures) => number): string => page.runs.map((run) => round(figure(run))).join(' / ');
    console.table([
      { measure: 'renderer JS loaded before the first screen, KB gz (goal <= 150)', value: round(sizes.initialKb) },
      { measure: `renderer JS in all, KB gz (${sizes.chunks} chunks)`, value: round(sizes.totalKb) },
      { measure: `Chromium, 1M library: first contentful paint from navigation, ms (goal < 300; median of 3: ${reloads((run) => run.firstPaintMs)})`, value: round(page.firstPaintMs) },
      { measure: `Chromium: the first videos shown, ms (${reloads((run) => run.rowsMs)})`, value: round(page.rowsMs) },
      { measure: `Chromium: the video list answered ArrowDown, ms (goal < 600; ${reloads((run) => run.interactiveMs)})`, value: round(page.interactiveMs) },
      { measure: `built main on the Electron double: import to the answers of the window's first calls, ms (goal < 150; runs ${ready.map((ms) => round(ms)).join(' / ')})`, value: round(median(ready)) },
      { measure: 'built main: CPU time (user + system) to those answers, ms (median; the wall time above waits for the load too)', value: round(median(starts.map((start) => start.readyCpuMs!))) },
      { measure: 'built main: of that, the bundle imported / the window created, ms (medians)', value: `${round(median(starts.map((start) => start.importedMs!)))} / ${round(median(starts.map((start) => start.windowMs!)))}` },
      { measure: `hidden, ${IDLE_SECONDS} s from ${SETTLE_SECONDS} s after the start's sync ended: loop callbacks per second (goal <= 1)`, value: round(wakeupsPerSecond, 2) },
      { measure: `hidden: callbacks by kind over the ${IDLE_SECONDS} s`, value: JSON.stringify(wakeups) },
      { measure: `hidden: RSS at the ends of the ${IDLE_SECONDS} s / lowest / highest of ${samples.length} readings, MiB`, value: `${round(idle.rssStart! / MIB)} → ${round(idle.rssEnd! / MIB)} / ${round(rssLow)} / ${round(rssHigh)}` },
      { measure: 'hidden: RSS every 10 s, MiB', value: samples.filter((_, i) => i % 5 === 0).map((sample) => round(sample.bytes / MIB, 0)).join(' ') },
      { measure: `hidden: RSS trend over the ${IDLE_SECONDS} s (least squares), MiB per 10 minutes`, value: round(rssTrend10Min, 2) },
      { measure: `hidden: RSS growth, the largest climb between two readings, MiB, scaled from ${IDLE_SECONDS} s to 10 minutes (goal < 5)`, value: round(rssGrowth10Min, 2) },
      { measure: 'profile made (1M synced, 10,000 queued, 3 watch folders), s', value: round(prepSeconds) },
      { measure: 'load average (1/5/15 min) at the end', value: load },
      { measure: 'bench wall time, s', value: round((Date.now() - startedAt) / 1000) },
    ]);
    console.log(
      `startup bench: renderer_initial_js_gz_kb=${round(sizes.initialKb)} renderer_total_js_gz_kb=${round(sizes.totalKb)} first_paint_ms=${round(page.firstPaintMs)} interactive_ms=${round(page.interactiveMs)} core_ready_ms=${round(median(ready))} idle_wakeups_per_s=${round(wakeupsPerSecond, 2)} idle_rss_growth_mib=${round(rssGrowth10Min, 2)}`,
    );
  } finally {
    host.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
