/**
 * Schema 8: a command made by POST /v1/edits records how its cut was planned (the mode used,
 * a fallback's reason, each segment's actual start and end: docs/cutting.md). NULL for every
 * other command.
 */
export default /* sql */ `
ALTER TABLE commands ADD COLUMN edit_json TEXT;
`;
