-- The wallet transaction log's lists (issue 14) read newest first by time, then entry id, so a
-- date range is one backward range scan of ledger_wallet_entries_created (created_at, id) and its
-- pages are keyset pages on (created_at, id). One business's log is the same scan within the
-- business: (business_id, created_at, id) serves its filter, its order and its date ranges, and
-- replaces (business_id, id), which served nothing the new index does not (so a posting still
-- writes as many index entries as before).
create index ledger_wallet_entries_business_created on ledger_wallet_entries (business_id, created_at, id);
drop index ledger_wallet_entries_business;
