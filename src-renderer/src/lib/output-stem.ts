/**
 * A file's name without its extension, in the characters output names allow (letters, digits,
 * `_`, `-`, dots; src-service/contract/names.ts): `Client Interview (final).mp4` gives
 * `Client_Interview_final_`. The Cut screen and the convert panel name their outputs after the
 * clip with it, so a name they make is never one the service refuses (docs/gui.md, "Convert").
 */
export function safeStem(name: string): string {
  return name
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .replace(/^[._-]+/, '')
    .replace(/\.+$/, '')
    .slice(0, 80);
}
