/** Schema 9: a segmented encode's segments and how many a restart reused (docs/scale-out.md, "Segmented encodes"). */
export default /* sql */ `
ALTER TABLE commands ADD COLUMN segments_json TEXT;
`;
