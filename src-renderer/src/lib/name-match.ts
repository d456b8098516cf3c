/**
 * The entries whose name holds the typed text, best first: the name itself or its name without
 * the extension typed whole ("interview" is interview.mp4), then those starting with it, then the
 * rest, each in the listing's order. "interview" Enter opened `interview-2-parts (1).mp4`, listed
 * before `interview.mp4` ('-' sorts before '.'); "portrait" opened dl-portrait.gif before
 * portrait.mp4 before starts-with ranked first (docs/gui.md, "Pickers").
 */
export function byTypedName<T extends { name: string }>(entries: readonly T[], text: string): T[] {
  const t = text.trim().toLowerCase();
  const rank = (name: string) => {
    const n = name.toLowerCase();
    if (n === t || n.replace(/\.[^.]*$/, '') === t) return 0;
    return n.startsWith(t) ? 1 : 2;
  };
  return entries
    .filter((e) => e.name.toLowerCase().includes(t))
    .map((e, i) => ({ e, i, r: rank(e.name) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.e);
}
