// SRT -> WebVTT: the service stores every subtitle as WebVTT.
export function srtToVtt(srt: string): string {
  const text = srt.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').trim();
  const blocks = text.split(/\n{2,}/);
  const out: string[] = ['WEBVTT', ''];
  for (const block of blocks) {
    const lines = block.split('\n');
    let i = 0;
    if (/^\d+\s*$/.test(lines[0] ?? '')) i = 1;
    const timing = lines[i];
    if (timing === undefined || !timing.includes('-->')) continue;
    const cueTiming = timing.replace(/(\d{1,2}:\d{2}:\d{2}),(\d{1,3})/g, (_m, hms: string, ms: string) => `${hms.padStart(8, '0')}.${ms.padEnd(3, '0')}`);
    out.push(cueTiming.trim(), ...lines.slice(i + 1), '');
  }
  return out.join('\n');
}

export function normalizeVtt(vtt: string): string {
  const t = vtt.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  return t.endsWith('\n') ? t : `${t}\n`;
}
