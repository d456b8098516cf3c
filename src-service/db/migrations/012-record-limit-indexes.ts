/**
 * Schema 11: the per-plan record limits count an account's newest preset versions and files
 * (accounts/record-limits.ts, docs/sandbox.md "Per-plan limits"); these indexes keep that
 * count proportional to the limit, not to the account's history.
 */
export default /* sql */ `
CREATE INDEX presets_account_created ON presets(account_id, created_at DESC);
CREATE INDEX files_account_seq ON files(account_id, seq DESC);
`;
