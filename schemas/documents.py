"""The typed model of the two site documents, index.json and catalog.json, as msgspec Structs.

These Structs are the one definition of both formats: ``schemas.generate`` writes the committed
JSON Schema files from them (a test checks the files equal what it writes), and a reader decodes
a document into them in one pass that also validates it. An index stays open: fields it does not
name are ignored, as doctrove-index@1 asks of a reader. A catalog is closed: an unknown field is
an error. Two kinds of rule compare values across a document and live in code beside their
readers, not here: unique ids, and a volume (or shard) for every listed version.

msgspec rejects a float where an integer is due (``1.0``), which JSON Schema's "integer" allows;
no writer of these formats produces one.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

NonEmptyString = Annotated[str, Meta(pattern=r"\S", description="A string that is not blank.")]
Sha256 = Annotated[str, Meta(pattern=r"^[0-9a-f]{64}$", description="Lowercase hex sha256.")]
Count = Annotated[int, Meta(ge=0)]
LineNumber = Annotated[int, Meta(ge=1)]
PackageName = Annotated[str, Meta(pattern=r"^[a-z0-9]+:\S+$")]
Popularity = Annotated[float, Meta(ge=0)]


class Section(Struct, omit_defaults=True):
    """One section of a volume. Only heading, path and body are doctrove-index@1's own."""

    heading: str | UnsetType = UNSET
    path: str | UnsetType = UNSET
    body: str | UnsetType = UNSET
    anchor: Annotated[str, Meta(min_length=1)] | UnsetType = UNSET
    source: Annotated[str, Meta(min_length=1)] | UnsetType = UNSET
    lines: tuple[LineNumber, LineNumber] | UnsetType = UNSET
    sha256: Sha256 | UnsetType = UNSET
    headingPath: list[str] | UnsetType = UNSET


class Volume(Struct, omit_defaults=True):
    """The documentation of one version of a library."""

    sections: list[Section]
    summary: str | UnsetType = UNSET


class IndexEntry(Struct, omit_defaults=True):
    """A library in an index: its catalog fields and one volume per version."""

    id: NonEmptyString
    name: NonEmptyString
    versions: list[NonEmptyString]
    volumes: dict[str, Volume]
    summary: str | UnsetType = UNSET
    aliases: list[str] | UnsetType = UNSET
    homepage: str | UnsetType = UNSET
    popularity: Popularity | UnsetType = UNSET
    packages: list[PackageName] | UnsetType = UNSET


class Index(Struct, omit_defaults=True):
    """A doctrove-index@1 document: every section of every version of every library."""

    format: Literal["doctrove-index@1"]
    entries: list[IndexEntry]
    updatedAt: str | UnsetType = UNSET


class SiteFile(Struct, omit_defaults=True):
    """A file of the site, named relative to its root, with the sha256 and size of its bytes."""

    path: Annotated[str, Meta(pattern=r"^[^/]", description="Relative to the site root.")]
    sha256: Sha256
    bytes: Count


class ShardRef(Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A version's SQLite FTS5 shard as the catalog lists it.

    format doctrove-shard@1 is schemas/shard.sql (bodies inside); doctrove-shard@2 is
    schemas/search_shard.sql, whose bodies are in body packs that its packs table names by
    sha256 and size (schemas/body_packs.py); doctrove-shard@3 is a doctrove-shard@2 whose
    full-text index pages are in chunks beside it, which its chunks table names by sha256 and
    sizes (schemas/term_chunks.sql, schemas/term_chunks.py), and path is then the head (the
    shard without those pages); doctrove-shard@4 is a doctrove-shard@3 head whose sections and
    token counts are in its section_columns table, one JSON array per column
    (schemas/section_columns.sql, schemas/section_columns.py); doctrove-shard@5 is a
    doctrove-shard@4 head whose columns send codes for values that rows derive from each other
    (schemas/derived_columns.py); doctrove-shard@6 is a doctrove-shard@5 head whose packs and
    chunks are named by the first 32 hex digits of their sha256 (schemas/digests.py) and whose
    columns derive more values. A path ending in .sqlite.gz is gzip-compressed, one ending in
    .sqlite is not. sha256 and bytes describe the published bytes, rawBytes the
    database after decompression.
    """

    path: Annotated[str, Meta(pattern=r"^shards/[^/]+/[^/]+\.[0-9a-f]{16}\.sqlite(\.gz)?$")]
    sha256: Sha256
    bytes: Count
    rawBytes: Count
    sections: Count
    format: Annotated[str, Meta(pattern=r"^doctrove-shard@[0-9]+$")]
    tokenizer: Annotated[str, Meta(pattern=r"^doctrove-text@[0-9]+$")]
    vectors: VectorsRef | UnsetType = UNSET


class VectorsRef(Struct, forbid_unknown_fields=True):
    """Optional beside a shard: one int8 vector per section of the shard, in the shard's order,
    made by ``model`` (schemas/vectors.py). Only clients with the semantic lane fetch it."""

    path: Annotated[str, Meta(pattern=r"^shards/[^/]+/[^/]+\.[0-9a-f]{16}\.vec$")]
    sha256: Sha256
    bytes: Count
    model: NonEmptyString
    dims: Annotated[int, Meta(ge=1)]
    sections: Count
    format: Annotated[str, Meta(pattern=r"^doctrove-vectors@[0-9]+$")]


class CatalogEntry(Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A library in a catalog: its catalog fields and one shard per version, newest first."""

    id: NonEmptyString
    name: NonEmptyString
    versions: list[NonEmptyString]
    shards: dict[str, ShardRef]
    summary: str | UnsetType = UNSET
    aliases: list[str] | UnsetType = UNSET
    homepage: str | UnsetType = UNSET
    popularity: Popularity | UnsetType = UNSET
    packages: list[PackageName] | UnsetType = UNSET


class Site(Struct, forbid_unknown_fields=True):
    """The site's title and the address it is published at."""

    title: str
    baseUrl: str


class Catalog(Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A doctrove-catalog@1 document: the manifest of a site, without section text.

    Written with sorted keys; buildId is the sha256 of the compact sorted-key JSON of the
    document without buildId and updatedAt. updatedAt is absent unless the build was given one.
    """

    format: Literal["doctrove-catalog@1"]
    buildId: Sha256
    builderVersion: NonEmptyString
    site: Site
    entries: list[CatalogEntry]
    updatedAt: str | UnsetType = UNSET
    index: SiteFile | UnsetType = UNSET


class LookupTable(Struct, forbid_unknown_fields=True):
    """A large site's lookup table (schemas/lookup_table.py): SQLite, gzipped, named by the
    sha256 of its published bytes."""

    path: Annotated[str, Meta(pattern=r"^catalog/lookup\.[0-9a-f]{16}\.sqlite\.gz$")]
    sha256: Sha256
    bytes: Count
    rawBytes: Count
    format: Annotated[str, Meta(pattern=r"^doctrove-lookup-table@[0-9]+$")]
    tokenizer: NonEmptyString


class Lookup(Struct, omit_defaults=True):
    """A doctrove-lookup@1 document (lookup.json): the small entry point of a site, naming its
    lookup table and where each library's catalog record is (``records``, with ``{id}``).

    catalog.json is listed when the site is small enough to have one. buildId is the sha256 of
    the compact sorted-key JSON of the document without buildId and updatedAt.
    """

    format: Literal["doctrove-lookup@1"]
    buildId: Sha256
    builderVersion: NonEmptyString
    site: Site
    libraries: Count
    table: LookupTable
    records: Literal["libs/{id}/catalog.json"]
    updatedAt: str | UnsetType = UNSET
    catalog: SiteFile | UnsetType = UNSET
    index: SiteFile | UnsetType = UNSET


CATALOG_DECODER = msgspec.json.Decoder(Catalog)
LOOKUP_DECODER = msgspec.json.Decoder(Lookup)
INDEX_DECODER = msgspec.json.Decoder(Index)
