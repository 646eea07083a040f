// Where listed videos sit in their folder's order (`seq`, larger = newer). The service
// lists a folder newest first; the library keeps that order without asking again.

/**
 * A complete listing: the k-th of `total` (newest first) gets total - k, the oldest 1. A page
 * of it starting at `offset` numbers its videos from there, so pages can be written in any order.
 */
export function sweepSeqs(total: number, count: number, offset = 0): number[] {
  return Array.from({ length: count }, (_, k) => total - offset - k);
}

/**
 * A quick refresh read the newest pages: videos before the first one already stored are
 * new and go on top, above `maxSeq`; known videos keep their place; an unknown video after
 * a known one (one an earlier sync missed) goes between its neighbours.
 */
export function quickSeqs(listed: readonly string[], known: ReadonlyMap<string, number>, maxSeq: number): number[] {
  const firstKnown = listed.findIndex((id) => known.has(id));
  const newOnTop = firstKnown === -1 ? listed.length : firstKnown;
  const seqs: number[] = [];
  for (let i = 0; i < newOnTop; i++) seqs.push(maxSeq + (newOnTop - i));
  let i = newOnTop;
  while (i < listed.length) {
    const id = listed[i] ?? '';
    const seq = known.get(id);
    if (seq !== undefined) {
      seqs.push(seq);
      i++;
      continue;
    }
    // A run of unknown videos between the previous known one and the next (or the bottom).
    let end = i;
    while (end < listed.length && !known.has(listed[end] ?? '')) end++;
    const above = seqs[seqs.length - 1] ?? maxSeq + 1;
    const below = end < listed.length ? (known.get(listed[end] ?? '') ?? above - 1) : above - 1;
    const step = (above - below) / (end - i + 1);
    for (let k = i; k < end; k++) seqs.push(above - step * (k - i + 1));
    i = end;
  }
  return seqs;
}
