"""Describe a candidate section by the evidence that it answers a focus: one number per feature.

The features are what a reader weighs when picking a section from a list of hits: how much of
the question the section covers and where (heading, heading path, text), what bm25 says, whether
its heading names an identifier the question names, what kind of section it is (an API entry, a
changelog entry, prose), where it sits (depth, size, place in the docs) and whether its children
or its parent matched too. client.search.model weighs them with weights learned on the
evaluation's dev questions; this module only measures, purely, from what the recall step read.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from client.search.glossary import MIN_SHARE, term_shares
from client.search.query import Concept, Focus
from schemas.anchors import whole_anchor
from schemas.changelogs import CHANGELOG_FILE, VERSION_FIRST, release_of, releases_asked
from schemas.shards import MAX_SECTION_CHARS, NEAR_EMPTY_CHARS
from schemas.text import index_text, stem

PREFIX, MIN_PREFIX = 0.5, 4
FIELDS = ("heading", "heading_path", "body", "code")
PLAIN_DECAY = 3.0
MAX_DEPTH = 6
IDF_POWER = 0.5

# The order of the feature vector; the model's weights are stored in this order, by name.
FEATURES = (
    "coverage",  # weighted share of the focus the section mentions anywhere (of what docs hold)
    "all_covered",  # every concept of the focus that the docs hold is in the section
    "heading",  # weighted share of the focus its heading names
    "heading_exact",  # the heading says the focus and nothing else
    "path",  # weighted share of the focus its heading path names
    "bm25",  # field-weighted bm25 of the recall query, relative to the best candidate
    "plain",  # place in an unweighted bm25 ranking of the whole focus
    "bm25_heading",  # bm25 of the whole focus in the heading alone, relative to the best
    "bm25_path",  # the same in the heading path
    "bm25_body",  # the same in the text
    "bm25_code",  # the same in the code blocks
    "named",  # the heading is an identifier the focus names
    "mentioned",  # the heading mentions an identifier the focus names
    "api_asked",  # an API entry, and the focus names an identifier
    "api_unasked",  # an API entry, and the focus is asked in words
    "changelog_asked",  # a changelog entry, and the focus asks about versions or changes
    "changelog_unasked",  # a changelog entry, and the focus does not
    "depth",  # how deep the section sits in its page
    "length",  # how long its text is (log scale)
    "short",  # its text is too short to answer anything
    "children",  # share of its direct children that are candidates too
    "parent",  # its parent section is a candidate too
    "position",  # where its page sits in the docs (early pages introduce)
    "background_coverage",  # coverage, concepts weighed by how rare they are in docs at large
)

_ARGUMENTS = re.compile(r"\([^)]*\)")
_SECTION_NUMBER = re.compile(r"^\d+(?:\.\d+)*\.\s+")
# A changelog's own title, its section number taken off: "Changelog", "1.1.20. CHANGELOG",
# "Release Notes", "Version History", "What's new".
_CHANGELOG_TITLE = re.compile(
    r"^\W*(?i:change\s*log|changes|history|news|release\s+notes|release\s+history"
    r"|version\s+history|what'?s\s+new)\W*$"
)
_DOTTED = re.compile(r"^[\w$]+(?:\.[\w$]+)+$")
# Words that ask about versions wherever they stand ("is this deprecated", "upgrade to 3").
_VERSION_WORDS = frozenset(
    stem(word)
    for word in [
        "version",
        "versions",
        "release",
        "released",
        "changelog",
        "since",
        "deprecated",
        "deprecate",
        "upgrade",
        "upgrading",
        "migrate",
        "migration",
    ]
)
# Words of change ask about versions only in a question of when in the past, or of what is new
# or changed ("when was allow_unicode added", "when did qs add duplicates", "what's new"):
# elsewhere they are the task ("add a custom keyword to the lexer", "remove comments from a SQL
# statement", "a new converter"), or say how the library behaves ("when new data arrives",
# "which headers are added by default", "know when one has changed"). "Which version" and
# "which release" ask through their own words.
_ASKS_WHEN_CHANGED = re.compile(
    r"\bwhen (?:was|were|did|has|have|had)\b.*"
    r"\b(?:add|added|change|changed|remove|removed|fix|fixed|introduce|introduced|drop|dropped"
    r"|rename|renamed)\b"
    r"|\bwhat(?:'s|s| is| are| was| were| has| have)?(?: been)?(?: the)?"
    r" (?:new|changed|changes|added|removed|fixed)\b"
    r"|\bbreaking changes?\b",
    re.IGNORECASE,
)
# The words of change themselves: what a release note says of any feature ("Add ...", "Fixed
# ..."), and so no evidence that it covers more of a how-to question than the documentation.
_CHANGE_WORDS = frozenset(
    stem(word)
    for word in [
        "add", "added", "adds", "new", "change", "changed", "changes", "remove", "removed",
        "removes", "fix", "fixed", "fixes", "introduce", "introduced", "drop", "dropped",
        "rename", "renamed",
    ]
)  # fmt: skip
_CJK_VERSION_WORDS = (
    "版本", "新增", "哪个版", "更新", "修复", "改动", "变更", "废弃", "移除", "升级",
)  # fmt: skip
# "When was it added" in Chinese: 什么时候 with a verb of change and the 的 of a past event
# ("ruby 插件是什么时候加入的"); not "什么时候应该添加自定义插件" (when should I add one).
_CJK_WHEN_CHANGED = re.compile(
    "什么时候(?:被|开始)?(?:加入|加|添加|引入|新增|移除|删除|去掉|废弃|支持)的"
)


@dataclass(frozen=True)
class Candidate:
    """What the recall step read about one section: everything but its body."""

    section_id: int
    heading: str
    heading_path: tuple[str, ...]
    anchor: str
    source: str | None
    body_length: int
    bm25: float  # FTS5 bm25() of the recall query: lower is better, 0.0 when unknown
    hits: Mapping[str, float]  # concept label -> weight of the best way found in the section
    plain_rank: int | None = None  # place in a plain bm25() ranking of the whole focus
    # bm25() of the whole focus in the heading, heading path, body and code alone (0.0: none)
    field_bm25: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0)


def idf(document_frequency: int, total: int) -> float:
    """bm25's inverse document frequency, never negative."""
    return math.log(1 + (total - document_frequency + 0.5) / (document_frequency + 0.5))


def background_weights(labels: Iterable[str]) -> dict[str, float]:
    """Each concept's share of the focus (summing to 1) by how rare it is across many
    libraries' docs (client/search/term_shares.tsv), not in this version's alone."""
    shares = term_shares()
    return _summing_to_one(
        {label: -math.log(max(shares.get(label, MIN_SHARE), MIN_SHARE)) for label in labels}
    )


def concept_weights(
    concepts: Sequence[Concept], frequencies: Mapping[str, int], total: int
) -> dict[str, float]:
    """Each concept's share of the focus (summing to 1): rarer concepts weigh more, but only
    as the IDF_POWER root of their idf, because in a small shard a generic word the docs happen
    not to use ("fails") is rare without being what the question is about."""
    return _summing_to_one(
        {c.label: idf(frequencies.get(c.label, 0), total) ** IDF_POWER for c in concepts}
    )


def _summing_to_one(raw: Mapping[str, float]) -> dict[str, float]:
    """``raw``'s weights scaled to sum to 1 (none when they sum to nothing)."""
    scale = sum(raw.values())
    return {label: weight / scale for label, weight in raw.items()} if scale else {}


@functools.lru_cache(maxsize=8192)
def _tokens(text: str) -> frozenset[str]:
    """The search tokens of a heading; headings recur across queries, so they are remembered."""
    return frozenset(index_text(text).split())


def field_hits(concepts: Sequence[Concept], text: str) -> dict[str, float]:
    """Concepts that ``text`` (a heading) holds, with the weight of the best way it holds them.

    A heading word that merely starts with the concept's word (``counter`` for ``count``)
    counts for PREFIX: headings are short, so the stemmer's misses matter there most."""
    tokens = _tokens(text)
    hits = {}
    for concept in concepts:
        best = max(
            (way.weight for way in concept.ways if all(t in tokens for t in way.tokens)),
            default=0.0,
        )
        prefixable = not concept.cjk and len(concept.label) >= MIN_PREFIX
        if not best and prefixable and any(t.startswith(concept.label) for t in tokens):
            best = PREFIX
        if best:
            hits[concept.label] = best
    return hits


def heading_name(heading: str) -> str:
    """A heading as an identifier: lowercase, no argument lists, no leading dot or colon, no
    section number (Sphinx numbers a :numbered: toctree's headings: "4.7.2. Keyword Arguments")."""
    name = _SECTION_NUMBER.sub("", heading, count=1)
    return _ARGUMENTS.sub("", name).strip().strip(":").lstrip(".").casefold()


def _bare(name: str) -> str:
    """A dotted name with the underscores around its last part dropped: ``__slots__`` → slots."""
    head, dot, last = name.rpartition(".")
    return head + dot + last.strip("_")


def identifier_match(identifiers: Sequence[str], heading: str) -> tuple[str, bool] | None:
    """The identifier the heading names (exactly or as the tail of a dotted path), and whether
    that match is whole (True) or only a mention in the heading (False). ``__slots__`` names a
    heading "Slots": dunder names are how code spells a concept that prose calls plainly."""
    name = _bare(heading_name(heading))
    tokens = _tokens(heading)
    for identifier in identifiers:
        bare = _bare(identifier)
        if bare and (name == bare or name.endswith("." + bare)):
            return identifier, True
    for identifier in identifiers:
        if identifier in tokens:
            return identifier, False
    return None


def is_api_entry(candidate: Candidate) -> bool:
    """An API entry is headed by a dotted name, and the builders anchor it by that name (the
    parts of an entry cut for size named after it: schemas.anchors)."""
    name = heading_name(candidate.heading)
    anchor = whole_anchor(candidate.heading, candidate.anchor)
    return bool(_DOTTED.match(name)) and anchor.casefold().endswith(name)


def is_changelog_entry(candidate: Candidate) -> bool:
    """A release's entry in a changelog: a version heading, any section of a changes file, or
    a section under a release or a changelog's title in a page of other docs."""
    return is_changelog_section(candidate.heading, candidate.source, candidate.heading_path)


def is_changelog_section(
    heading: str, source: str | None, heading_path: Sequence[str] = ()
) -> bool:
    """``is_changelog_entry`` of a section by its heading, source file and heading path."""
    in_changes_file = bool(source and CHANGELOG_FILE.search(source))
    if in_changes_file or VERSION_FIRST.match(heading):
        return True
    if _CHANGELOG_TITLE.match(_SECTION_NUMBER.sub("", heading)):
        return True
    # A changelog a page holds among other docs (configobj's "1.1.20. CHANGELOG", waitress'
    # index including its CHANGES): its releases' subsections ("Bugfixes", "Security") are
    # entries too, and weighed as such.
    bare_titles = (_SECTION_NUMBER.sub("", title) for title in heading_path)
    return any(_CHANGELOG_TITLE.match(t) or VERSION_FIRST.match(t) for t in bare_titles)


def asks_about_versions(focus: Focus) -> bool:
    """The focus asks when something changed, or names a version."""
    labels = {concept.label for concept in focus.concepts}
    if labels & _VERSION_WORDS or re.search(r"\d+\.\d+", focus.text):
        return True
    if _ASKS_WHEN_CHANGED.search(focus.text):
        return True
    if _CJK_WHEN_CHANGED.search(focus.text):
        return True
    return any(word in focus.text for word in _CJK_VERSION_WORDS)


@dataclass(frozen=True)
class Described:
    """A candidate, its features in FEATURES order, and the signals a caller is shown."""

    candidate: Candidate
    features: tuple[float, ...]
    coverage: float
    named: bool
    matches: tuple[str, ...]
    # The share of the focus its page's title holds (the outermost heading, or its own heading
    # when it is the page's first section): whether the question is about that page.
    title: float = 0.0
    # A changelog entry of the release the focus names ("what changed in 0.20.0").
    release_named: bool = False
    # The part of the coverage the focus' words of change give (_CHANGE_WORDS): the "add" of
    # "add request timeouts" (client.search.model._documentation_first).
    change_coverage: float = 0.0


def _relative(value: float, best: float) -> float:
    """A bm25() (lower is better, 0 for no match) as a share of the best one, in 0..1."""
    return min(value / best, 1.0) if best < 0 else 0.0


def _words(count: int) -> str:
    return f"{count} word" if count == 1 else f"{count} words"


def describe(
    focus: Focus,
    candidates: Sequence[Candidate],
    frequencies: Mapping[str, int],
    total: int,
    library: str | None = None,
) -> list[Described]:
    """Every candidate's features (none when the focus has no weighed concept); ``library``
    is the id of the docs' library, whose releases a focus may name after its name."""
    weights = concept_weights(focus.concepts, frequencies, total)
    if not weights:
        return []
    # The features weigh only the concepts some section holds. One the docs never use tells no
    # candidate from another, yet as the rarest of all it took the largest share of the focus:
    # every candidate's coverage, heading and path shrank by one factor per question and none
    # was all_covered. The answer's coverage (its confidence, whether it may answer) still
    # counts the whole focus: a question the docs cannot hold is less likely answered.
    held = concept_weights(
        [c for c in focus.concepts if frequencies.get(c.label, 0)], frequencies, total
    )
    background = background_weights(held)
    best_bm25 = min((c.bm25 for c in candidates), default=0.0)
    best_fields = tuple(
        min((c.field_bm25[i] for c in candidates), default=0.0) for i in range(len(FIELDS))
    )
    versions_asked = asks_about_versions(focus)
    # The releases it names, when it asks about versions: "what changed in 0.20.0?".
    releases = releases_asked(focus.text, library) if versions_asked else frozenset()
    # A section's parent is the section of the same file whose heading path and heading are
    # its heading path (two files may share a heading path: a changelog and its translation).
    placed = {(c.source, *c.heading_path, c.heading) for c in candidates}
    children: dict[tuple[str | None, ...], int] = {}
    for c in candidates:
        if c.heading_path:
            parent = (c.source, *c.heading_path)
            children[parent] = children.get(parent, 0) + 1
    focus_name = heading_name(focus.text)
    hits = _field_hits_memo(focus.concepts)
    return [
        _describe_one(
            focus, (weights, held, background), hits, c, best_bm25, best_fields, versions_asked,
            releases, focus_name, total,
            children.get((c.source, *c.heading_path, c.heading), 0),
            (c.source, *c.heading_path) in placed,
        )
        for c in candidates
    ]  # fmt: skip


def _field_hits_memo(concepts: Sequence[Concept]) -> Callable[[str], Mapping[str, float]]:
    """``field_hits`` of ``concepts`` per text, each text read once: a question's candidates
    share their pages' titles and heading paths (about three calls in five were repeats)."""
    known: dict[str, Mapping[str, float]] = {}

    def hits(text: str) -> Mapping[str, float]:
        if text not in known:
            known[text] = field_hits(concepts, text)
        return known[text]

    return hits


def _describe_one(
    focus: Focus,
    weighed: tuple[Mapping[str, float], Mapping[str, float], Mapping[str, float]],
    hits: Callable[[str], Mapping[str, float]],
    candidate: Candidate,
    best_bm25: float,
    best_fields: tuple[float, ...],
    versions_asked: bool,
    releases: frozenset[str],
    focus_name: str,
    total: int,
    candidate_children: int,
    parent_is_candidate: bool,
) -> Described:
    heading_hits = hits(candidate.heading)
    path_hits = hits(" ".join(candidate.heading_path))
    # Over the whole focus; over the concepts the docs hold; those by their rarity at large.
    weights, held, background = weighed
    coverage = sum(weights.get(label, 0.0) * w for label, w in candidate.hits.items())
    held_coverage = sum(held.get(label, 0.0) * w for label, w in candidate.hits.items())
    heading = sum(held.get(label, 0.0) * w for label, w in heading_hits.items())
    path = sum(held.get(label, 0.0) * w for label, w in path_hits.items())
    title = heading
    if candidate.heading_path:
        title_hits = hits(candidate.heading_path[0])
        title = sum(held.get(label, 0.0) * w for label, w in title_hits.items())
    relative = _relative(candidate.bm25, best_bm25)
    fields = tuple(_relative(v, b) for v, b in zip(candidate.field_bm25, best_fields, strict=True))
    plain = 0.0
    if candidate.plain_rank is not None:
        plain = PLAIN_DECAY / (PLAIN_DECAY + candidate.plain_rank)
    found = identifier_match(focus.identifiers, candidate.heading)
    named, mentioned = (found[1], not found[1]) if found else (False, False)
    api = is_api_entry(candidate)
    changelog = is_changelog_entry(candidate)
    release = release_of(candidate.heading) if changelog and releases else None
    if release is not None and release in releases:
        # "What changed in 0.20.0?" names the release "0.20.0 (2025-10-20)" as exactly as
        # "what does Session.get do?" names Session.get's entry.
        named, mentioned = True, False
        found = (release, True)
    asked_identifier = bool(focus.identifiers)
    features = (
        held_coverage,
        float(bool(held) and all(label in candidate.hits for label in held)),
        heading,
        float(heading_name(candidate.heading) == focus_name),
        path,
        relative,
        plain,
        *fields,
        float(named),
        float(mentioned),
        float(api and asked_identifier),
        float(api and not asked_identifier),
        float(changelog and versions_asked),
        float(changelog and not versions_asked),
        min(len(candidate.heading_path), MAX_DEPTH) / MAX_DEPTH,
        math.log1p(candidate.body_length) / math.log1p(MAX_SECTION_CHARS),
        float(candidate.body_length < NEAR_EMPTY_CHARS),
        candidate_children / (1 + candidate_children),
        float(parent_is_candidate),
        candidate.section_id / max(total, 1),
        sum(background.get(label, 0.0) * w for label, w in candidate.hits.items()),
    )
    matches = []
    if found is not None:
        matches.append(f"{'identifier' if named else 'identifier in heading'}: {found[0]}")
    if heading_hits:
        matches.append(f"heading hit: {_words(len(heading_hits))}")
    if path_hits:
        matches.append(f"heading path hit: {_words(len(path_hits))}")
    matched = sum(1 for label in candidate.hits if label in weights)
    if matched:
        matches.append(f"text hit: {matched} of {_words(len(weights))}")
    release_named = found is not None and release is not None and found[0] == release
    change_coverage = sum(
        weights.get(label, 0.0) * w for label, w in candidate.hits.items() if label in _CHANGE_WORDS
    )
    return Described(
        candidate, features, coverage, named, tuple(matches), title, release_named, change_coverage
    )
