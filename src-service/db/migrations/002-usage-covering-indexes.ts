/**
 * Schema 2: covering indexes for the per-account usage sums (storage and processing quota),
 * which submit, init-upload, store-file and /v1/account compute on every call. Without
 * them each sum visits every row of the account's history: with 100,000 commands and files
 * that blocked the event loop ~70 ms per submit (npm run bench); with them ~9 ms.
 */
export default /* sql */ `
CREATE INDEX files_account_usage ON files(account_id, is_deleted, status, size_compressed_bytes, size_bytes);
CREATE INDEX commands_account_usage ON commands(account_id, processing_bytes);
`;
