/**
 * Schema 4: a job may carry a name (FFDesk). Given at submit (`name`) or later
 * (PATCH /v1/commands/{id}); NULL means "none given", and the API then shows a name derived
 * from the command itself (jobs/job-name.ts).
 */
export default /* sql */ `
ALTER TABLE commands ADD COLUMN name TEXT;
`;
