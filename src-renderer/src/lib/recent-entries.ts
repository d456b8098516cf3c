/**
 * Per-file entries in localStorage under one prefix, the most recent `max` kept (the clip view's
 * segments and track choices: docs/gui.md, "Segments are kept"). Storage full or disabled: the
 * view still works, its choices are just not kept.
 */
export function loadEntry<T>(prefix: string, id: string, parse: (text: string | null) => T | null): T | null {
  try {
    return parse(localStorage.getItem(prefix + id));
  } catch {
    return null;
  }
}

/** Keeps `value` under the id (null: the entry goes), dropping the oldest entries past `max`. */
export function saveEntry(prefix: string, id: string, value: object | null, max: number): void {
  try {
    if (value === null) {
      localStorage.removeItem(prefix + id);
      return;
    }
    localStorage.setItem(prefix + id, JSON.stringify({ ...value, savedAt: Date.now() }));
    const keys = Object.keys(localStorage).filter((k) => k.startsWith(prefix));
    if (keys.length <= max) return;
    const age = (k: string) => {
      try {
        return (JSON.parse(localStorage.getItem(k) ?? '{}') as { savedAt?: number }).savedAt ?? 0;
      } catch {
        return 0;
      }
    };
    keys
      .sort((a, b) => age(a) - age(b))
      .slice(0, keys.length - max)
      .forEach((k) => localStorage.removeItem(k));
  } catch {
    // Storage full or disabled.
  }
}

/** One plain value in localStorage (the folder saved to last, where Open from disk starts); null when none or storage is off. */
export function rememberedValue(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function rememberValue(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: remembered until the screen closes.
  }
}
