/**
 * Splits a long track into runs of at most `size` consecutive points (a line's runs share their end points so it
 * stays joined). A run is a feature of its own, so the map's spatial index leaves out the runs outside the view:
 * a 60,000-point week is redrawn in the part on screen, not in full, when the view moves.
 */
export function chunkRanges(length: number, size: number, joined: boolean): [number, number][] {
  const out: [number, number][] = [];
  const step = joined ? size - 1 : size;
  for (let start = 0; start < length; start += step) {
    const end = Math.min(length, start + size);
    if (joined && end - start < 2 && out.length > 0) break;
    out.push([start, end]);
    if (end === length) break;
  }
  return out;
}
