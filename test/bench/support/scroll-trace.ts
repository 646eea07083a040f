// A Chromium performance trace of the library list scrolled briskly (what the scale and scroll
// benches measure), summarised to say where a missed frame went (issue 33):
// - the frame intervals the benches measure (requestAnimationFrame to requestAnimationFrame);
// - each frame of the compositor's pipeline (PipelineReporter): presented or dropped, and for
//   the slow ones the stage that took the time (the main thread's BeginMainFrame to commit,
//   raster and activation, the display compositor's draw);
// - the renderer main thread's work per frame (BeginMainFrame: script, style, layout, paint,
//   commit) and image decodes, and how busy each of Chromium's threads was;
// - the machine's load average beside it (2 cores shared: other processes take frames too).
// Run on its own:
//   node test/bench/support/scroll-trace.ts [videos] [out.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { startHarness } from '../../harness/index.ts';
import { launchChromium } from '../../support/chromium.ts';
import { shown } from '../../support/shown-account.ts';

const VIDEOS = Number(process.argv[2] ?? 50_000);
const OUT = process.argv[3];

interface TraceEvent { name: string; cat: string; ph: string; ts: number; dur?: number; tid: number; pid: number; id?: string; id2?: { local?: string; global?: string }; args?: Record<string, unknown> }

const loadAverage = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const ms = (us: number): number => Math.round(us / 100) / 10;
const quantile = (values: readonly number[], q: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;

/** The scroll the benches make: 5,000 px/s for 4 s from the top, one step per animation frame; the intervals. */
function briskScroll(): Promise<number[]> {
  return new Promise((resolve) => {
    const list = document.querySelector<HTMLElement>('.videos .viewport > div')!;
    list.scrollTop = 0;
    const out: number[] = [];
    let last = performance.now();
    const end = last + 4000;
    const tick = (now: number) => {
      out.push(now - last);
      last = now;
      list.scrollTop += 5000 / 60;
      if (now < end) requestAnimationFrame(tick);
      else resolve(out.slice(1));
    };
    requestAnimationFrame(tick);
  });
}

const harness = await startHarness({ seed: `flat:${VIDEOS}`, configured: true });
const browser = await launchChromium();
try {
  for (;;) {
    if ((await shown(harness.core)['videos:list']({ folderId: 0, offset: 0, limit: 1 })).total === VIDEOS) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(harness.url, { timeout: 180_000 });
  await page.locator('.videos [data-video-id]').first().waitFor({ timeout: 60_000 });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const untraced = await page.evaluate(briskScroll);
  const cdp = await page.context().newCDPSession(page);
  // The page's script during the same scroll, sampled: its functions by their own time.
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  const profiled = await page.evaluate(briskScroll);
  const { profile } = await cdp.send('Profiler.stop');
  const interval = (profile.endTime - profile.startTime) / Math.max(1, profile.samples?.length ?? 1);
  const selfByNode = new Map<number, number>();
  for (const id of profile.samples ?? []) selfByNode.set(id, (selfByNode.get(id) ?? 0) + interval);
  const selfByFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
    selfByFunction.set(key, (selfByFunction.get(key) ?? 0) + (selfByNode.get(node.id) ?? 0));
  }
  console.log(`script profile of the scroll (rAF intervals ${quantile(profiled, 0.5).toFixed(1)} / ${quantile(profiled, 0.95).toFixed(1)} ms p50/p95), self time, ms:`);
  for (const [fn, us] of [...selfByFunction].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${ms(us)}  ${fn}`);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => void events.push(...(data.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  // No 'disabled-by-default-devtools.timeline.picture': it records every display list and
  // made each commit take ~1 s in the trace, a cost of tracing and not of the page.
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'blink', 'cc', 'benchmark', 'graphics.pipeline', 'viz', 'gpu', 'loading', '__metadata'] },
    transferMode: 'ReportEvents',
  });
  const loadBefore = loadAverage();
  const intervals = await page.evaluate(briskScroll);
  const loadAfter = loadAverage();
  await cdp.send('Tracing.end');
  await done;
  if (OUT) writeFileSync(OUT, JSON.stringify({ traceEvents: events }));

  const summary = (values: number[]) => `p50 ${quantile(values, 0.5).toFixed(1)}, p95 ${quantile(values, 0.95).toFixed(1)}, over 20 ms ${values.filter((d) => d > 20).length} of ${values.length}`;
  console.log(`load average ${loadBefore} → ${loadAfter}`);
  console.log(`rAF intervals untraced: ${summary(untraced)}`);
  console.log(`rAF intervals traced:   ${summary(intervals)}`);

  // Threads by name (metadata events).
  const threadName = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, String((e.args as { name?: string } | undefined)?.name ?? '?'));
  const nameOf = (e: TraceEvent) => threadName.get(`${e.pid}:${e.tid}`) ?? `tid ${e.tid}`;
  // The page's renderer: the process whose main thread ran the frames' script.
  const rendererPid = events.find((e) => e.name === 'FireAnimationFrame')?.pid;

  // The compositor's frames: PipelineReporter async slices (begin/end by id), their state, their stages.
  const open = new Map<string, TraceEvent>();
  interface Slice { name: string; start: number; end: number; pid: number; args: Record<string, unknown> }
  const slices: Slice[] = [];
  for (const e of events) {
    if (e.ph !== 'b' && e.ph !== 'e') continue;
    const key = `${e.pid}:${e.cat}:${e.id ?? e.id2?.local ?? e.id2?.global}:${e.name}`;
    if (e.ph === 'b') open.set(key, e);
    else {
      const begin = open.get(key);
      if (begin === undefined) continue;
      open.delete(key);
      slices.push({ name: e.name, start: begin.ts, end: e.ts, pid: e.pid, args: { ...begin.args, ...e.args } });
    }
  }
  const reporters = slices.filter((s) => s.name === 'PipelineReporter' && (rendererPid === undefined || s.pid === rendererPid));
  const stateOf = (s: Slice): string => {
    const reporter = (s.args.chrome_frame_reporter ?? s.args.data ?? {}) as { state?: string; frame_drop_reason?: string };
    return String(reporter.state ?? 'unknown');
  };
  const states = new Map<string, number>();
  for (const r of reporters) states.set(stateOf(r), (states.get(stateOf(r)) ?? 0) + 1);
  console.log(`compositor frames of the page (PipelineReporter): ${reporters.length}; by state: ${[...states].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  const stageNames = ['BeginImplFrameToSendBeginMainFrame', 'SendBeginMainFrameToCommit', 'Commit', 'EndCommitToActivation', 'Activation', 'EndActivateToSubmitCompositorFrame', 'SubmitCompositorFrameToPresentationCompositorFrame'];
  const stages = slices.filter((s) => stageNames.includes(s.name) && (rendererPid === undefined || s.pid === rendererPid));
  const slow = reporters.filter((r) => r.end - r.start > 20_000 || stateOf(r).includes('DROPPED'));
  console.log(`frames over 20 ms or dropped: ${slow.length}; their stages (ms):`);
  for (const r of slow.slice(0, 25)) {
    const inside = stages.filter((s) => s.start >= r.start && s.end <= r.end && s.end > s.start).map((s) => `${s.name} ${ms(s.end - s.start)}`);
    console.log(`  ${ms(r.end - r.start)} ms ${stateOf(r)}: ${inside.join(', ')}`);
  }

  // The renderer main thread's work per frame.
  const mainTid = events.find((e) => e.name === 'FireAnimationFrame')?.tid;
  const onMain = (e: TraceEvent) => e.pid === rendererPid && e.tid === mainTid && e.ph === 'X';
  const beginMainFrames = events.filter((e) => onMain(e) && e.name === 'ProxyMain::BeginMainFrame').map((e) => (e.dur ?? 0) / 1000);
  console.log(`renderer main thread, BeginMainFrame (script + style + layout + paint + commit) per frame, ms: ${summary(beginMainFrames)}; max ${Math.max(0, ...beginMainFrames).toFixed(1)}`);
  const kinds = ['FunctionCall', 'FireAnimationFrame', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'Decode Image', 'ImageDecodeTask', 'Decode LazyPixelRef', 'RasterTask', 'HitTest', 'ParseHTML', 'MinorGC', 'MajorGC', 'ScrollLayer', 'ResourceReceivedData'];
  const totals = new Map<string, { ms: number; n: number; max: number }>();
  for (const e of events) {
    if (e.ph !== 'X' || !kinds.includes(e.name)) continue;
    const key = `${onMain(e) ? 'main' : nameOf(e)} ${e.name}`;
    const t = totals.get(key) ?? { ms: 0, n: 0, max: 0 };
    t.ms += (e.dur ?? 0) / 1000;
    t.n++;
    t.max = Math.max(t.max, (e.dur ?? 0) / 1000);
    totals.set(key, t);
  }
  console.table([...totals.entries()].sort((a, b) => b[1].ms - a[1].ms).map(([kind, t]) => ({ kind, ms: Math.round(t.ms), n: t.n, max_ms: Math.round(t.max * 10) / 10 })));
  // How busy each thread was over the scroll: the sum of its top-level tasks.
  const busy = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== 'X' || !['ThreadControllerImpl::RunTask', 'RunTask', 'TaskGraphRunner::RunTask'].includes(e.name)) continue;
    const key = `${e.pid === rendererPid ? 'renderer' : `pid ${e.pid}`} ${nameOf(e)}`;
    busy.set(key, (busy.get(key) ?? 0) + (e.dur ?? 0) / 1000);
  }
  console.log('thread busy time over the 4 s scroll, ms:');
  for (const [thread, time] of [...busy].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${thread}: ${Math.round(time)}`);
} finally {
  await browser.close();
  await harness.close();
}
