/**
 * "Did you mean": the known name closest to a misspelt one (swapped letters count as one
 * edit), or null when nothing is close enough to be a likely typo. Shared by the service
 * (PROCESSING_ERROR messages) and the GUI's command lint; no Node or DOM dependencies.
 */
export function closestName(wrong: string, known: Iterable<string>): string | null {
  const target = wrong.toLowerCase();
  // Short names tolerate one edit, longer ones one per four letters (at most 3).
  const limit = Math.min(3, Math.max(1, Math.floor(target.length / 4)));
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const name of known) {
    if (Math.abs(name.length - target.length) > limit) continue;
    const d = editDistance(target, name.toLowerCase());
    if (d > 0 && d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  return best;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    const prev = rows[i - 1] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = d;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}
