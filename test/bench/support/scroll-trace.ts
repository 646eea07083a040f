// A Chromium performance trace of the library list scrolled briskly (what the scale and scroll
// benches measure), summarised: the frames over 20 ms and what the renderer's main thread ran
// during each (script, style, layout, paint, image decode), and the totals by kind. Run on its
// own to find why a frame was missed (issue 33):
//   node test/bench/support/scroll-trace.ts [videos] [out.json]
import { writeFileSync } from 'node:fs';
import { startHarness } from '../../harness/index.ts';
import { launchChromium } from '../../support/chromium.ts';
import { shown } from '../../support/shown-account.ts';

const VIDEOS = Number(process.argv[2] ?? 50_000);
const OUT = process.argv[3];

interface TraceEvent { name: string; cat: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: Record<string, unknown> }

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
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => void events.push(...(data.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'blink', 'cc', 'v8', 'loading', 'disabled-by-default-devtools.timeline.picture'] },
    transferMode: 'ReportEvents',
  });
  const intervals = await page.evaluate(
    () =>
      new Promise<Array<[number, number]>>((resolve) => {
        const list = document.querySelector<HTMLElement>('.videos .viewport > div')!;
        list.scrollTop = 0;
        const out: Array<[number, number]> = [];
        let last = performance.now();
        const end = last + 4000;
        const tick = (now: number) => {
          out.push([now, now - last]);
          last = now;
          list.scrollTop += 5000 / 60;
          if (now < end) requestAnimationFrame(tick);
          else resolve(out.slice(1));
        };
        requestAnimationFrame(tick);
      }),
  );
  await cdp.send('Tracing.end');
  await done;
  if (OUT) writeFileSync(OUT, JSON.stringify({ traceEvents: events }));
  // The same scroll without the rows' thumbnails (their requests refused), against with them,
  // interleaved so the machine's load weighs on both alike.
  const brisk = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
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
            else resolve(out.slice(1).sort((a, b) => a - b)[Math.floor(out.length * 0.95)] ?? 0);
          };
          requestAnimationFrame(tick);
        }),
    );
  const refuseImages = async (refuse: boolean) => {
    if (refuse) await page.route('**/img/**', (route) => route.abort());
    else await page.unroute('**/img/**');
  };
  for (let round = 0; round < 3; round++) {
    await refuseImages(false);
    const withImages = await brisk();
    await refuseImages(true);
    const without = await brisk();
    console.log(`round ${round}: brisk p95 with thumbnails ${withImages.toFixed(1)} ms, without ${without.toFixed(1)} ms`);
  }
  const sorted = intervals.map(([, d]) => d).sort((a, b) => a - b);
  console.log(`frames ${sorted.length}, p50 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)}, p95 ${sorted[Math.floor(sorted.length * 0.95)]?.toFixed(1)}, over 20 ms: ${sorted.filter((d) => d > 20).length}`);
  // The renderer's main thread: the thread that ran the most 'RunTask' or 'FunctionCall' time.
  const byThread = new Map<string, number>();
  for (const e of events) if (e.ph === 'X' && (e.name === 'FunctionCall' || e.name === 'Layout')) byThread.set(`${e.pid}:${e.tid}`, (byThread.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const main = [...byThread.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const kinds = ['FunctionCall', 'EvaluateScript', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'Commit', 'Decode Image', 'ImageDecodeTask', 'Decode LazyPixelRef', 'RasterTask', 'HitTest', 'ParseHTML', 'GCEvent', 'MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'ResourceReceivedData', 'ScrollLayer', 'IntersectionObserverController::computeIntersections', 'UpdateLayer', 'RunTask'];
  const totals = new Map<string, { ms: number; n: number; max: number }>();
  for (const e of events) {
    if (e.ph !== 'X' || !kinds.includes(e.name)) continue;
    const where = `${e.pid}:${e.tid}` === main ? 'main' : 'other';
    const key = `${where} ${e.name}`;
    const t = totals.get(key) ?? { ms: 0, n: 0, max: 0 };
    t.ms += (e.dur ?? 0) / 1000;
    t.n++;
    t.max = Math.max(t.max, (e.dur ?? 0) / 1000);
    totals.set(key, t);
  }
  console.table([...totals.entries()].sort((a, b) => b[1].ms - a[1].ms).map(([kind, t]) => ({ kind, ms: Math.round(t.ms), n: t.n, max_ms: Math.round(t.max * 10) / 10 })));
  // The longest main-thread tasks, with what ran inside them.
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && `${e.pid}:${e.tid}` === main).sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 8);
  for (const task of tasks) {
    const inside = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0) && e !== task && (e.dur ?? 0) > 1000);
    console.log(`task ${((task.dur ?? 0) / 1000).toFixed(1)} ms: ${inside.map((e) => `${e.name}${e.args?.data && typeof e.args.data === 'object' && 'functionName' in (e.args.data as object) ? `(${(e.args.data as { functionName: string }).functionName})` : ''} ${((e.dur ?? 0) / 1000).toFixed(1)}`).slice(0, 12).join(', ')}`);
  }
} finally {
  await browser.close();
  await harness.close();
}
