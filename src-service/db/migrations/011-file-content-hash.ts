/** Schema 11: each stored file's content hash, so a client finds a file it already stored (docs/choices.md, "Same content, one file"). */
export default /* sql */ `
ALTER TABLE files ADD COLUMN content_hash TEXT;
CREATE INDEX files_content_hash ON files (account_id, content_hash) WHERE content_hash IS NOT NULL;
`;
