/**
 * Schema 3: which account is the local one (the GUI's, the local key's, FFDESK_API_KEY's).
 * It used to be "the account of the oldest key", so a `keys create --plan trial` run before
 * the first start made the trial account the local one. One row at most.
 */
export default /* sql */ `
CREATE TABLE local_account (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  account_id TEXT NOT NULL REFERENCES accounts(id)
) STRICT;
`;
