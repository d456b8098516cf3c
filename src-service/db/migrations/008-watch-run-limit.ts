/**
 * Schema 8: a watch folder may set its commands' run-time limit (docs/choices.md, "Run-time
 * limits"); NULL: none, like every command of the local account that sets none.
 */
export default /* sql */ `
ALTER TABLE watch_folders ADD COLUMN max_run_seconds REAL;
`;
