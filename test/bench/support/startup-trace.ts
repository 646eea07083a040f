// Where the time goes between the first paint and an interactive video list (issue 33), on the
// startup bench's page (support/startup-page.ts: the built renderer from the app:// handler, the
// built preload, the real core behind it, a 1M-video library):
// - every IPC call the window makes, with when it was made and answered (ms from navigation) and
//   the core's time in it, beside the page's first paint, first videos and interactive;
// - the page's script sampled (CDP Profiler): its functions by their own time;
// - the core's process sampled over the same reload (node:inspector): its functions by their own time.
// The profile (1M synced, 10,000 queued, 3 watch folders) is made in `dir` once and kept, with
// its host's address and key (host.json), where the host starts again on the next run.
//   node test/bench/support/startup-trace.ts <dir> [reloads]
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { Session } from 'node:inspector/promises';
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { startHostProcess } from './sync-rig.ts';
import { makeStartupProfile, openStartupPage, VIDEOS, type StartupPage } from './startup-page.ts';

const repo = resolve(import.meta.dirname, '../../..');
const dir = process.argv[2];
if (!dir) throw new Error('usage: node test/bench/support/startup-trace.ts <dir> [reloads]');
const RELOADS = Number(process.argv[3] ?? 2);
const userData = join(dir, 'profile');

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
}

/** The functions of a CPU profile by their own time (ms), the heaviest first. */
function selfTimes(profile: CpuProfile, top = 25): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const url = frame.url.replace(/^.*\/(out|node_modules|electron|renderer|shared)\//, '$1/');
    const key = `${frame.functionName || '(anonymous)'} ${url}:${frame.lineNumber + 1}`;
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const sum = [...totals.values()].reduce((a, b) => a + b, 0);
  return [`total sampled ${Math.round(sum)} ms`, ...[...totals].sort((a, b) => b[1] - a[1]).slice(0, top).map(([key, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${key}`)];
}

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: Record<string, unknown> }

const sourceMaps = new Map<string, SourceMap | null>();
/** Where a frame of the built renderer comes from (its source file), when the build wrote source maps (a renderer built with build.sourcemap). */
function sourceOf(url: string, line: number, column: number): string | null {
  const file = join(repo, 'out/renderer/assets', url.replace(/^.*\//, ''));
  if (!sourceMaps.has(file)) sourceMaps.set(file, existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : null);
  const entry = sourceMaps.get(file)?.findEntry(line, column);
  return entry && 'originalSource' in entry && entry.originalSource ? entry.originalSource.replace(/^.*?\/(node_modules|renderer|shared)\//, '$1/') : null;
}

/** The page's script sampled between two trace times (the profile's clock is the trace's): the functions on the stack, by inclusive time; with source maps, Svelte's runtime left out (its callers show). */
function sampledIn(profile: CpuProfile & { startTime: number }, from: number, to: number, top = 8): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (t < from || t >= to) return;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (!frame.url.includes('/assets/')) continue;
      const source = sourceOf(frame.url, frame.lineNumber, frame.columnNumber);
      if (source?.startsWith('node_modules/svelte/')) continue;
      const key = source === null ? `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\//, '')}:${frame.lineNumber + 1}` : `${frame.functionName || '(anonymous)'} ${source}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000);
    }
  });
  return [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top).map(([key, ms]) => `${ms.toFixed(0).padStart(4)} ms  ${key}`);
}

/** What the renderer's main thread did in one more reload: each task of 10 ms or more, from navigation, by the kinds of work inside it. */
async function traceReload(rig: StartupPage): Promise<void> {
  const cdp = await rig.page.context().newCDPSession(rig.page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => void events.push(...(data.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink', 'blink.user_timing', 'loading', '__metadata'] }, transferMode: 'ReportEvents' });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const figures = await rig.reload();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile & { startTime: number } };
  await cdp.send('Tracing.end');
  await done;
  const navigation = events.filter((e) => e.name === 'navigationStart').at(-1);
  if (!navigation) return void console.log('trace: no navigationStart');
  const pid = navigation.pid;
  const main = navigation.tid;
  const onMain = events.filter((e) => e.pid === pid && e.tid === main && e.ph === 'X' && e.ts >= navigation.ts);
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask');
  const kinds = ['EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall', 'EventDispatch', 'TimerFire', 'FireAnimationFrame', 'RunMicrotasks', 'ParseHTML', 'ParseAuthorStyleSheet', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'HitTest', 'ResourceReceivedData', 'v8.run'];
  console.log(`\ntraced reload: first paint ${figures.firstPaintMs.toFixed(0)} ms, first videos ${figures.rowsMs.toFixed(0)} ms, interactive ${figures.interactiveMs.toFixed(0)} ms; the renderer main thread's tasks of 10 ms or more:`);
  const at = (us: number): string => ((us - navigation.ts) / 1000).toFixed(0).padStart(6);
  let busy = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    if ((task.ts - navigation.ts) / 1000 > figures.interactiveMs) break;
    busy += (task.dur ?? 0) / 1000;
    if ((task.dur ?? 0) < 10_000) continue;
    const inside = new Map<string, number>();
    for (const e of onMain) if (e.ts >= task.ts && e.ts < end && kinds.includes(e.name)) inside.set(e.name, (inside.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    console.log(`  ${at(task.ts)} → ${at(end)} ms  ${[...inside].filter(([, ms]) => ms >= 1).sort((a, b) => b[1] - a[1]).map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(', ')}`);
    for (const line of sampledIn(profile, task.ts, end)) console.log(`        ${line}`);
  }
  console.log(`  main thread busy from navigation to interactive: ${busy.toFixed(0)} ms`);
}

// A kept profile's settings and keychain hold its host's address and key: the host starts
// again there, or the core would find no service and start offline, doing less than the bench's.
const hostFile = join(dir, 'host.json');
const kept = existsSync(userData) && existsSync(hostFile) ? (JSON.parse(readFileSync(hostFile, 'utf8')) as { port: number; apiKey: string }) : undefined;
const host = await startHostProcess(`flat:${VIDEOS}`, 0, kept);
try {
  if (kept === undefined) {
    rmSync(userData, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    await makeStartupProfile(dir, userData, host);
    writeFileSync(hostFile, JSON.stringify({ port: Number(new URL(host.baseUrl).port), apiKey: host.apiKey }));
  }
  const calls: Array<{ method: string; at: number; ms: number; cpuMs: number }> = [];
  const rig = await openStartupPage(userData, host.baseUrl, {
    onCall: (method, at, ms, cpuMs) => calls.push({ method, at, ms, cpuMs }),
    // The page's long tasks (50 ms or more of its main thread at once), from navigation.
    pageScript: `(() => {
      const tasks = (window.__vidliftLongTasks = []);
      new PerformanceObserver((list) => { for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, ms: entry.duration }); }).observe({ type: 'longtask', buffered: true });
    })();`,
  });
  try {
    const inspector = new Session();
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.setSamplingInterval', { interval: 500 });
    const cdp = await rig.page.context().newCDPSession(rig.page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    for (let i = 0; i < RELOADS; i++) {
      calls.length = 0;
      const last = i === RELOADS - 1;
      if (last) {
        await inspector.post('Profiler.start');
        await cdp.send('Profiler.start');
      }
      const cpu = process.cpuUsage();
      const figures = await rig.reload();
      const used = process.cpuUsage(cpu);
      const origin = await rig.page.evaluate(() => performance.timeOrigin);
      console.log(`\nreload ${i + 1}: first paint ${figures.firstPaintMs.toFixed(0)} ms, first videos ${figures.rowsMs.toFixed(0)} ms, interactive ${figures.interactiveMs.toFixed(0)} ms; core process CPU ${((used.user + used.system) / 1000).toFixed(0)} ms; load ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
      const page = await rig.page.evaluate(() => ({
        resources: performance.getEntriesByType('resource').map((entry) => ({ name: entry.name.replace(/^.*\//, ''), start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd })),
        longTasks: ((window as unknown as { __vidliftLongTasks?: Array<{ start: number; ms: number }> }).__vidliftLongTasks ?? []),
      }));
      const timeline: Array<[number, string]> = [];
      for (const resource of page.resources) timeline.push([resource.start, `${resource.start.toFixed(0).padStart(6)} → ${resource.end.toFixed(0).padStart(6)} ms  fetched ${resource.name}`]);
      for (const task of page.longTasks) timeline.push([task.start, `${task.start.toFixed(0).padStart(6)} → ${(task.start + task.ms).toFixed(0).padStart(6)} ms  the page's main thread busy (long task)`]);
      for (const call of calls) {
        const at = call.at - origin;
        if (at > figures.interactiveMs + 500) continue;
        timeline.push([at, `${at.toFixed(0).padStart(6)} → ${(at + call.ms).toFixed(0).padStart(6)} ms  ${call.method.padEnd(28)} core wall ${call.ms.toFixed(1)} ms, process CPU meanwhile ${call.cpuMs.toFixed(1)} ms`]);
      }
      for (const [, line] of timeline.sort((a, b) => a[0] - b[0])) console.log(`  ${line}`);
      if (last) {
        const { profile: core } = (await inspector.post('Profiler.stop')) as unknown as { profile: CpuProfile };
        const { profile: page } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
        writeFileSync(join(dir, 'core.cpuprofile'), JSON.stringify(core));
        writeFileSync(join(dir, 'page.cpuprofile'), JSON.stringify(page));
        console.log('\nthe page\'s script, self time:');
        for (const line of selfTimes(page)) console.log(`  ${line}`);
        console.log('\nthe core\'s process (with the bench\'s own Playwright client), self time:');
        for (const line of selfTimes(core)) console.log(`  ${line}`);
      }
    }
    inspector.disconnect();
    await traceReload(rig);
  } finally {
    await rig.close();
  }
} finally {
  host.stop();
}
