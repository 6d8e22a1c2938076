"""The typed model of the MCP tools' answers and error, as msgspec Structs: the keys agents read.

The service (client.service) builds these, the front ends encode them (``msgspec.to_builtins``
for the MCP structured content and the CLI's JSON) and render them as text, and
``schemas.generate`` writes the tools' output schemas from them (schemas/tool-results.json,
which client.mcp_schemas reads). Fields are written in the order declared, which is the order
agents see them in; a field whose value is UNSET is left out of the answer.

Every model is keyword-only, so an optional field may come before a required one and the order
stays the order agents have always read. Every answer is closed (an unknown key is an error,
``additionalProperties: false``), so a key added without a model change cannot reach a client
that validates structured content. The answers are frozen: the service caches them and hands
the same answer to many calls.
"""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import UNSET, Meta, Struct, UnsetType

from schemas.documents import Count, Sha256

# A found section lists at most this many of its subsections that match the focus too.
MAX_SUBSECTIONS = 5
Score = Annotated[float, Meta(ge=0, le=1)]
NonNegative = Annotated[float, Meta(ge=0)]
# client.errors.ERROR_CODES, in the same order (tests/test_mcp_tools.py checks they agree).
ErrorCode = Literal[
    "validation", "not-found", "version", "network", "timeout", "internal", "config"
]
# How the version served was chosen (client.versions.select_version).
ReleaseKind = Literal["exact", "prefix", "latest"]
# doc_extract's rewrite.status: alternatives fused in, not needed, asked but unusable, not asked.
RewriteStatus = Literal["used", "skipped", "failed", "off"]
# doc_extract's lanes and semantic.status (client.semantic_lane), when the semantic lane is on.
Lane = Literal["lexical", "semantic"]
SemanticStatus = Literal["used", "loading", "unavailable", "no-vectors", "other-model"]


class FallbackReason(Struct, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """A configured site that outranks the answering source failed: which, with what, since when."""

    site: str
    error: str
    since: str


class Provenance(Struct, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """Where an answer's data came from, when it was built and fetched, and whether it is stale."""

    kind: Literal["remote", "disk", "local", "bundled"]
    source: str
    fetchedAt: str | None
    stale: bool
    buildTime: str | None
    buildId: str | None
    fallbackReason: FallbackReason | UnsetType = UNSET
    # Only on an answer from a version's last good shard: why the newer one was not used.
    staleReason: str | UnsetType = UNSET


class Library(Struct, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """One library catalog_lookup found, with its score and the signals that matched."""

    id: str
    name: str
    summary: str
    score: Score
    matches: list[str]
    versions: list[str]
    latest: str | None
    aliases: list[str]
    packages: list[str]
    homepage: str | None
    # As the catalog wrote it: 1200, not 1200.0.
    popularity: Annotated[int, Meta(ge=0)] | NonNegative
    source: str
    provenance: Provenance


class LookupAnswer(Struct, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """catalog_lookup: the best libraries for the query and how many matched in all."""

    query: str
    results: list[Library]
    total: Count
    sources: list[str]
    hint: str | UnsetType = UNSET
    # Arguments the tool does not take, ignored: on every answer, error results included.
    warnings: list[str] | UnsetType = UNSET


class ReleasesAnswer(Struct, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """catalog_releases: a library's documented versions, newest first."""

    id: str
    name: str
    latest: str | None
    versions: list[str]
    prereleases: list[str]
    source: str
    provenance: Provenance
    # version -> the source serving it (the first, in configured order, that has it)
    versionSources: dict[str, str]
    resolvedFrom: str | UnsetType = UNSET
    warnings: list[str] | UnsetType = UNSET


class ServedVersion(Struct, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """The opening of doc_extract's and doc_read's answers: the version served and why."""

    id: str
    name: str
    version: str
    requestedVersion: str | None
    releaseKind: ReleaseKind
    releaseNote: str
    source: str
    provenance: Provenance


class Section(Struct, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """A section with what an agent needs to quote, cite and re-read it."""

    heading: str
    headingPath: list[str]
    body: str
    anchor: str
    source: str | None
    # The first and last line in the source file.
    lines: Annotated[list[Count], Meta(min_length=2, max_length=2)] | None
    sha256: Sha256
    path: str


class Subsection(Struct, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """A subsection of a found section (on its page) that matches the focus too: doc_read
    takes its anchor."""

    heading: str
    anchor: str


class FoundSection(Section, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """A section doc_extract found: its score, the signals that matched, whether it was cut,
    and its direct subsections that match the focus too (best first, when there are any)."""

    score: NonNegative
    matches: list[str]
    truncated: bool
    subsections: Annotated[list[Subsection], Meta(max_length=MAX_SUBSECTIONS)] | UnsetType = UNSET


class ReadSection(Section, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """A section doc_read read whole: the one asked for, or a neighbour."""

    target: bool
    bodySha256Verified: bool


class TocEntry(Struct, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """One heading of a version's table of contents."""

    heading: str
    headingPath: list[str]
    anchor: str
    source: str | None
    path: str
    level: Count


class Rewrite(Struct, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """What the host model's rewrites of the focus did for this answer."""

    status: RewriteStatus
    queries: list[str]
    reason: str


class Semantic(Struct, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """Whether the semantic lane took part, and why not."""

    status: SemanticStatus
    reason: str | UnsetType = UNSET


class ExtractAnswer(ServedVersion, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """doc_extract: the sections on one concept, best first (without a focus: the first
    sections in document order and the table of contents)."""

    versions: list[str]
    volumeSummary: str | None
    lanes: list[Lane] | UnsetType = UNSET
    semantic: Semantic | UnsetType = UNSET
    focus: str | UnsetType = UNSET
    sections: list[FoundSection]
    toc: list[TocEntry] | UnsetType = UNSET
    truncated: bool
    omitted: Count
    hint: str | None
    confidence: Score | UnsetType | None = UNSET
    # Words of the focus these docs never use and English does not know (numpy, tomllib):
    # what the question asks about that this version does not document.
    unmentioned: list[str] | UnsetType = UNSET
    # Another version whose docs answer what these do not (the hint says how it was told): the
    # answer is then empty, and asking that version, or the project's own, is the next step.
    answeredIn: str | UnsetType = UNSET
    rewrite: Rewrite | UnsetType = UNSET
    resolvedFrom: str | UnsetType = UNSET
    warnings: list[str] | UnsetType = UNSET


class ReadAnswer(ServedVersion, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """doc_read: one section whole, with its neighbours when asked."""

    anchor: str
    page: str | None
    sections: list[ReadSection]
    resolvedFrom: str | UnsetType = UNSET
    warnings: list[str] | UnsetType = UNSET


class ErrorDetail(Struct, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """What went wrong, a stable code to act on, and the values that would work."""

    code: ErrorCode
    message: str
    hints: list[str]


class ErrorAnswer(Struct, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """Any tool's failure, as a result the model reads (never a protocol error)."""

    error: ErrorDetail
    warnings: list[str] | UnsetType = UNSET


Answer = LookupAnswer | ReleasesAnswer | ExtractAnswer | ReadAnswer | ErrorAnswer
