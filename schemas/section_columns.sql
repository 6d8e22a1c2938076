-- A doctrove-shard@4, @5 or @6 head: term_chunks.sql's head whose sections travel as columns.
--
-- The head's sections table and its index's token counts (sections_fts_docsize) are empty;
-- their rows are here, one JSON array per column (name: heading, heading_path, anchor, path,
-- body_length, line_start, line_end, source, pack, token_counts, and from doctrove-shard@5 on
-- heading_shared), with what repeats left out as schemas/section_columns.py (and for the codes
-- of @5, and of @6 from token counts, schemas/derived_columns.py) describes; meta's format
-- says which of the three a head is. A client puts the rows back into their tables
-- before it reads the head, which then reads as a doctrove-shard@3 head; it trusts the rows
-- only when they are exactly as many as meta's sections count says, and at most 1,048,576
-- (MAX_COLUMN_SECTIONS: a version with more stays a doctrove-shard@3 head).

CREATE TABLE section_columns (
    name TEXT PRIMARY KEY NOT NULL,
    data BLOB NOT NULL
) WITHOUT ROWID;
