-- doctrove-lookup-table@1: a large site's catalog_lookup table (schemas/lookup_table.py).
-- One row per library, numbered by rank (most popular first, then by id), with what a lookup
-- answer shows; the names and words it is found by (schemas/library_keys.py) as sets of rows.
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE libraries (
  row INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  summary TEXT NOT NULL,
  aliases TEXT NOT NULL,
  packages TEXT NOT NULL,
  popularity REAL NOT NULL,
  homepage TEXT,
  versions TEXT NOT NULL,
  record TEXT NOT NULL
);
CREATE TABLE keys (
  key TEXT NOT NULL,
  named INTEGER NOT NULL,
  row INTEGER NOT NULL,
  PRIMARY KEY (key, named, row)
) WITHOUT ROWID;
CREATE TABLE prefixes (
  prefix TEXT NOT NULL,
  named INTEGER NOT NULL,
  dense INTEGER NOT NULL,
  rows BLOB NOT NULL,
  PRIMARY KEY (prefix, named)
) WITHOUT ROWID;
CREATE TABLE words (
  word TEXT NOT NULL,
  field INTEGER NOT NULL,
  dense INTEGER NOT NULL,
  rows BLOB NOT NULL,
  PRIMARY KEY (word, field)
) WITHOUT ROWID;
