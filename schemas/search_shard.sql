-- The doctrove search shard, format doctrove-shard@2: shard.sql without the section bodies.
--
-- The same checks apply as to doctrove-shard@1 (exactly these objects, nothing else). The
-- sections_fts index and its tokens are the same as in doctrove-shard@1, so bm25() and the
-- client's ranking are the same too.
--
-- sections: as in shard.sql, except that body and sha256 are left out: body_length is the
-- body's length in characters (what length(body) gave), pack names the body pack that holds
-- it, and a section's sha256 is the sha256 of its body's UTF-8 bytes, computed by the client
-- from the body it fetched (doc_read's expectedHash compares it).
--
-- packs: one row per body pack, a gzip-compressed JSON array of the bodies of its sections (the
-- rows of sections whose pack is its id, in id order), published beside the shard as
-- shards/<id>/bodies/<sha256>.json.gz (in a doctrove-shard@6 head, the sha256 column and the
-- file's name hold the first 32 hex digits of the sha256). sha256 and bytes describe the
-- published bytes: a client trusts a pack only when both match this row (this shard is
-- trusted through the catalog's sha256, so the chain of hashes is unbroken).

CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE sections (
    id INTEGER PRIMARY KEY,
    heading TEXT NOT NULL,
    heading_path TEXT NOT NULL,
    body_length INTEGER NOT NULL,
    path TEXT NOT NULL,
    anchor TEXT NOT NULL,
    source TEXT,
    line_start INTEGER,
    line_end INTEGER,
    pack INTEGER NOT NULL
);

CREATE TABLE packs (
    id INTEGER PRIMARY KEY,
    sha256 TEXT NOT NULL,
    bytes INTEGER NOT NULL
);

CREATE VIRTUAL TABLE sections_fts USING fts5(
    heading, heading_path, body, code,
    content='', detail=full, tokenize="ascii tokenchars '._'"
);
