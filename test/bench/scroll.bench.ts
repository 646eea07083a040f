// `npm run bench -- scroll`: the library list with 50,000 videos in one folder, scrolled in
// Debian's Chromium through the browser harness (the real renderer against the real core
// and the sandbox host). Reference in the same run: the same page's frame intervals while
// idle. Reports frame intervals while scrolling top to bottom, how many row elements exist
// (virtualization keeps it at a screenful), how often a frame showed rows still loading,
// and how long rows take to fill after a jump to a far position.
import { startHarness } from '../harness/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { shown } from '../support/shown-account.ts';

const VIDEOS = 50_000;
const SCROLL_SECONDS = 4;
/** A fast, continuous wheel scroll: about 90 rows a second. */
const BRISK_PX_PER_SECOND = 5_000;

interface FrameStats {
  intervals: number[];
  rowsInDom: number;
  framesWithPlaceholders: number;
  frames: number;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

const round = (value: number) => Math.round(value * 10) / 10;

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`scroll bench: timed out waiting for ${what}`);
}

export default async function run(): Promise<void> {
  const started = Date.now();
  const harness = await startHarness({ seed: `flat:${VIDEOS}`, configured: true });
  const browser = await launchChromium();
  try {
    await waitFor(
      'the library to hold every video',
      async () => (await shown(harness.core)['videos:list']({ folderId: 0, offset: 0, limit: 1 })).total === VIDEOS,
      180_000,
    );
    const readySeconds = (Date.now() - started) / 1000;

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(harness.url);
    await page.locator('.videos [data-video-id]').first().waitFor({ timeout: 60_000 });

    // pxPerSecond 0: idle; null: from the top to the bottom within the time (a fling).
    const sample = (pxPerSecond: number | null, seconds: number) =>
      page.evaluate(
        ({ pxPerSecond, seconds }) =>
          new Promise<FrameStats>((resolve) => {
            const list = document.querySelector<HTMLElement>('.videos .viewport > div');
            if (!list) throw new Error('no list element');
            list.scrollTop = 0;
            const intervals: number[] = [];
            let framesWithPlaceholders = 0;
            let frames = 0;
            let last = performance.now();
            const end = last + seconds * 1000;
            const step = pxPerSecond === null ? (list.scrollHeight - list.clientHeight) / (seconds * 60) : pxPerSecond / 60;
            const tick = (now: number) => {
              intervals.push(now - last);
              last = now;
              frames++;
              if (list.querySelector('.row:not(:has([data-video-id]))')) framesWithPlaceholders++;
              list.scrollTop += step;
              if (now < end) requestAnimationFrame(tick);
              else resolve({ intervals: intervals.slice(1), rowsInDom: list.querySelectorAll('.row').length, framesWithPlaceholders, frames });
            };
            requestAnimationFrame(tick);
          }),
        { pxPerSecond, seconds },
      );

    const idle = await sample(0, 2);
    const brisk = await sample(BRISK_PX_PER_SECOND, SCROLL_SECONDS);
    const fling = await sample(null, SCROLL_SECONDS);

    // Jumps to far positions: how long until the rows on screen show their videos.
    const jumps: number[] = [];
    for (const fraction of [0.9, 0.1, 0.5, 0.75, 0.25, 0.99]) {
      jumps.push(
        await page.evaluate(
          (fraction) =>
            new Promise<number>((resolve) => {
              const list = document.querySelector<HTMLElement>('.videos .viewport > div')!;
              const started = performance.now();
              list.scrollTop = fraction * (list.scrollHeight - list.clientHeight);
              const check = () => {
                const rows = list.querySelectorAll('.row');
                const loaded = rows.length > 0 && !list.querySelector('.row:not(:has([data-video-id]))');
                if (loaded) resolve(performance.now() - started);
                else if (performance.now() - started > 10_000) resolve(Number.NaN);
                else requestAnimationFrame(check);
              };
              requestAnimationFrame(check);
            }),
          fraction,
        ),
      );
    }

    const loadingPct = (stats: FrameStats) => round((100 * stats.framesWithPlaceholders) / stats.frames);
    const p = (stats: FrameStats, q: number) => round(quantile(stats.intervals, q));
    console.table([
      { measure: 'harness start to 50,000 videos in the local library, s', value: round(readySeconds) },
      { measure: 'idle frame interval p50 / p95, ms (reference)', value: `${p(idle, 0.5)} / ${p(idle, 0.95)}` },
      { measure: `brisk scroll (${BRISK_PX_PER_SECOND} px/s) frame p50 / p95, ms`, value: `${p(brisk, 0.5)} / ${p(brisk, 0.95)}` },
      { measure: 'brisk scroll: frames showing rows still loading, %', value: loadingPct(brisk) },
      { measure: `fling through all ${VIDEOS} in ${SCROLL_SECONDS} s: frame p50 / p95, ms`, value: `${p(fling, 0.5)} / ${p(fling, 0.95)}` },
      { measure: 'fling: frames showing rows still loading, %', value: loadingPct(fling) },
      { measure: 'frames over 50 ms (brisk + fling)', value: [...brisk.intervals, ...fling.intervals].filter((ms) => ms > 50).length },
      { measure: 'row elements in the DOM', value: fling.rowsInDom },
      { measure: 'rows filled after a far jump, p50 / max ms', value: `${round(quantile(jumps, 0.5))} / ${round(Math.max(...jumps))}` },
    ]);
    console.log(
      `scroll bench: rows=${VIDEOS} frame_p95_ms=${Math.max(p(brisk, 0.95), p(fling, 0.95))} idle_p95_ms=${p(idle, 0.95)} dom_rows=${fling.rowsInDom} brisk_loading_pct=${loadingPct(brisk)} jump_fill_ms=${round(quantile(jumps, 0.5))}`,
    );
  } finally {
    await browser.close();
    await harness.close();
  }
}
