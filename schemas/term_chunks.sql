-- The doctrove search shard cut by term, format doctrove-shard@3: search_shard.sql plus this.
--
-- The file published as the shard is the head: a doctrove-shard@2 search shard whose FTS5
-- index keeps its structure, its page directory (sections_fts_idx) and its document sizes but
-- not its leaf pages, which are published beside it in chunks of consecutive pages, cut only
-- where a term listed in the page directory starts a page. A client reads the directory to
-- find the pages a token's doclist can occupy and fetches only the chunks holding them.
--
-- chunks: one row per chunk, a gzip member of the chunk's sections_fts_data rows (each an
-- 8-byte big-endian id, a 4-byte big-endian length and the block), published beside the
-- shard as shards/<id>/index/<sha256>.bin.gz (in a doctrove-shard@6 head, the sha256 column
-- and the file's name hold the first 32 hex digits of the sha256). first_page and last_page
-- are the leaf pages it holds (doclist-index pages go with the leaf page their id names);
-- sha256 and bytes describe the published bytes and raw_bytes what they decompress to: a
-- client trusts a chunk only when all three match this row (the head is trusted through the
-- catalog's sha256).

CREATE TABLE chunks (
    id INTEGER PRIMARY KEY,
    first_page INTEGER NOT NULL,
    last_page INTEGER NOT NULL,
    sha256 TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    raw_bytes INTEGER NOT NULL
);
