/**
 * Schema 10: a watch folder takes only files with chosen extensions (docs/presets.md, "Watch
 * folders"). NULL: the extensions of its preset input's kinds, looked up at each file.
 */
export default /* sql */ `
ALTER TABLE watch_folders ADD COLUMN extensions_json TEXT;
`;
