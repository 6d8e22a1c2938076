-- The doctrove full-text shard, format doctrove-shard@1: one SQLite database per library version.
--
-- A client runs schemas.shards.verify_shard_schema before trusting a shard: the database must
-- hold exactly the objects below (the virtual table's own shadow tables included) and nothing
-- else: no views, no triggers, no indexes, no other tables.
--
-- meta: key/value facts the client checks (format, tokenizer, library_id, version, sections).
--
-- sections: what a reader sees, one row per section in the order of the volume. id is the
-- section's 1-based position and equals the rowid of its row in sections_fts. heading_path is a
-- JSON array of the headings above the section, outermost first; path is its provenance link
-- (the index's "path"); source, line_start and line_end are NULL for sections taken from an
-- index that did not record them.
--
-- sections_fts: the search index, contentless (the tokens live only in the index). Its four
-- columns hold text already tokenized by schemas/text.py (index_text): tokens joined by single
-- spaces, which the ascii tokenizer with token characters '._' splits at exactly those spaces.
-- body is the prose with fenced code blocks taken out; code is the text of those blocks.
-- detail=full because FTS5 computes bm25() of a contentless table only from token positions
-- (with detail=column it would need the content it does not have); it also allows phrase
-- queries, which the client uses for runs of Chinese, Japanese and Korean characters.

CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE sections (
    id INTEGER PRIMARY KEY,
    heading TEXT NOT NULL,
    heading_path TEXT NOT NULL,
    body TEXT NOT NULL,
    path TEXT NOT NULL,
    anchor TEXT NOT NULL,
    source TEXT,
    line_start INTEGER,
    line_end INTEGER,
    sha256 TEXT NOT NULL
);

CREATE VIRTUAL TABLE sections_fts USING fts5(
    heading, heading_path, body, code,
    content='', detail=full, tokenize="ascii tokenchars '._'"
);
