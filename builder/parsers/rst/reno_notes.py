"""Render reno's ``.. release-notes::`` directive from the note files it reads.

reno keeps one YAML file per change in ``releasenotes/notes/`` at the project's root (each a
mapping of section names, ``features`` or ``fixes``, to lists of reST notes, and maybe a
``prelude``) and its Sphinx extension writes them out as one section per release, each with a
subsection per kind of note. Without this the directive showed nothing: tenacity's changelog
page was its title. Which release a note came in is known from the project's git history,
which reno reads; a source archive carries it only in ``reno.cache`` (written there by pbr),
whose releases are used when it is present. Otherwise the notes are shown by kind under the
directive's place, in file name order, with a line saying that their releases are not known.
Sections and their titles come from ``reno.yaml`` (or ``<relnotessubdir>/config.yaml``).
"""

from __future__ import annotations

from collections.abc import Mapping
from contextvars import ContextVar
from typing import Any

from builder.includes import MISSING, IncludeReader, IncludeRefused
from builder.parsers.docutils_ids import docutils_id
from builder.parsers.rst.events import (
    Context,
    DocState,
    Event,
    Heading,
    RenderBlocks,
    Text,
    join_events,
    split_lines,
)

DIRECTIVE = "release-notes"
# reno's own defaults: the sections a note may have, in the order a report shows them.
_SECTIONS = (
    ("features", "New Features"),
    ("issues", "Known Issues"),
    ("upgrade", "Upgrade Notes"),
    ("deprecations", "Deprecation Notes"),
    ("critical", "Critical Issues"),
    ("security", "Security Issues"),
    ("fixes", "Bug Fixes"),
    ("other", "Other Notes"),
)
# Set while the notes are read: a note writing the directive again would read every note
# again, and two such directives doubled the page's work at each of sixty levels.
_READING_NOTES: ContextVar[bool] = ContextVar("reading_release_notes", default=False)
_UNVERSIONED = (
    "Which release each note came in is in the project's git history, which is not read here."
)


def render_release_notes(
    options: Mapping[str, str], line: int, ctx: Context, doc: DocState, render: RenderBlocks
) -> list[Event]:
    """The directive's releases (or, without reno's cache, its notes by kind) as events."""
    if _READING_NOTES.get():
        doc.warn(line, "release-notes inside a release note: left out")
        return []
    token = _READING_NOTES.set(True)
    try:
        return _release_notes(options, line, ctx, doc, render)
    finally:
        _READING_NOTES.reset(token)


def _release_notes(
    options: Mapping[str, str], line: int, ctx: Context, doc: DocState, render: RenderBlocks
) -> list[Event]:
    reader = doc.includes
    if reader is None:
        return []
    relnotes = options.get("relnotessubdir", "").strip() or "releasenotes"
    config = _config(reader, relnotes, line, doc)
    notes = options.get("notesdir", "").strip() or _text(config, "notesdir") or "notes"
    notes_dir = f"{relnotes}/{notes}"
    sections = _sections(config)
    prelude = _text(config, "prelude_section_name") or "prelude"
    ignored = {name.strip() for name in options.get("ignore-notes", "").split(",")}
    releases = _cached_releases(reader, notes_dir, line, doc)
    if releases is None:
        names = [n for n in reader.names_in(notes_dir) if n.endswith((".yaml", ".yml"))]
        read = [
            _note(reader, f"{notes_dir}/{n}", line, doc) for n in names if _stem(n) not in ignored
        ]
        releases = [("", read)]
    events: list[Event] = []
    titles = ctx.sections and ctx.depth == 0
    for version, release in releases:
        below = 1
        if version:
            events.append(_heading(_version_title(version, options, config), line, 1, titles))
            below = 2
        elif any(release):
            events.append(Text(_UNVERSIONED))
        events.extend(
            _release_events(release, (prelude, sections), (below, titles), line, ctx, doc, render)
        )
    return events


def _release_events(
    notes: list[dict[str, Any]],
    kinds: tuple[str, tuple[tuple[str, str], ...]],
    level: tuple[int, bool],
    line: int,
    ctx: Context,
    doc: DocState,
    render: RenderBlocks,
) -> list[Event]:
    """One release's notes: its preludes, then each kind's notes as a list under its title
    (``kinds``: the prelude's name and the sections; ``level``: how far below the page's
    title the headings go, and whether headings may stand there at all)."""
    prelude, sections = kinds
    below, titles = level
    events: list[Event] = []
    preludes = [note[prelude] for note in notes if isinstance(note.get(prelude), str)]
    if preludes:
        events.append(_heading(prelude.replace("_", " ").title(), line, below, titles))
        events.extend(Text(_rst(text, line, ctx, doc, render)) for text in preludes)
    for name, title in sections:
        items = [item for note in notes for item in _items(note.get(name))]
        if items:
            events.append(_heading(title, line, below, titles))
            rendered = (_rst(item, line, ctx, doc, render) for item in items)
            events.append(Text("\n".join(f"- {_indented(text)}" for text in rendered if text)))
    return events


def _cached_releases(
    reader: IncludeReader, notes_dir: str, line: int, doc: DocState
) -> list[tuple[str, list[dict[str, Any]]]] | None:
    """The releases ``reno.cache`` lists (newest first, as reno writes them), each with its
    notes; None when the project has no cache to read."""
    cache = _yaml(reader, f"{notes_dir}/reno.cache", line, doc, missing_ok=True)
    if not isinstance(cache, dict) or not isinstance(cache.get("notes"), list):
        return None
    contents = cache.get("file-contents")
    contents = contents if isinstance(contents, dict) else {}
    releases: list[tuple[str, list[dict[str, Any]]]] = []
    for release in cache["notes"]:
        if not isinstance(release, dict) or not isinstance(release.get("files"), list):
            continue
        # A [name, sha] pair; a list or a mapping for the name is no key (it raised TypeError).
        pairs = [pair for pair in release["files"] if isinstance(pair, list) and pair]
        files = [pair[0] for pair in pairs if isinstance(pair[0], str)]
        notes = [contents[name] for name in files if isinstance(contents.get(name), dict)]
        releases.append((str(release.get("version", "")), notes))
    return releases


def _note(reader: IncludeReader, relpath: str, line: int, doc: DocState) -> dict[str, Any]:
    note = _yaml(reader, relpath, line, doc)
    return note if isinstance(note, dict) else {}


def _config(reader: IncludeReader, relnotes: str, line: int, doc: DocState) -> dict[str, Any]:
    for relpath in (f"{relnotes}/config.yaml", "reno.yaml"):
        found = _yaml(reader, relpath, line, doc, missing_ok=True)
        if isinstance(found, dict):
            return found
    return {}


def _yaml(
    reader: IncludeReader, relpath: str, line: int, doc: DocState, *, missing_ok: bool = False
) -> Any:
    """The YAML document at ``relpath`` from the project's root; None (with a warning, unless
    the file is optional and absent) when it cannot be read."""
    try:
        text = reader.read_in_project(relpath).text
    except IncludeRefused as exc:
        if not (missing_ok and reader.looked_for.get(relpath) == MISSING):
            doc.warn(line, f"release-notes: {exc}")
        return None
    import yaml  # about 25 ms to import: only for pages with release notes

    try:
        return yaml.safe_load(text)
    except (yaml.YAMLError, RecursionError) as exc:
        doc.warn(line, f"release-notes: {relpath} is not YAML reno can read ({type(exc).__name__})")
        return None


def _sections(config: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """The config's ``sections`` ([name, title] or [name, title, depth] lists), else reno's."""
    configured = config.get("sections")
    if not isinstance(configured, list):
        return _SECTIONS
    sections = tuple(
        (str(entry[0]), str(entry[1]))
        for entry in configured
        if isinstance(entry, list) and len(entry) >= 2
    )
    return sections or _SECTIONS


def _version_title(version: str, options: Mapping[str, str], config: Mapping[str, Any]) -> str:
    """reno's title for a release: an unreleased one ("1.2.0-3", commits after a tag) takes
    the unreleased title when one is set."""
    if "-" not in version:
        return version
    title = options.get("unreleased-version-title", "") or _text(config, "unreleased_version_title")
    return title.strip() or version


def _items(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [item for item in value if isinstance(item, str)]
    return []


def _text(config: Mapping[str, Any], key: str) -> str:
    value = config.get(key)
    return value if isinstance(value, str) else ""


def _stem(name: str) -> str:
    """A note's name as ``:ignore-notes:`` gives it: the file's name without its suffix."""
    return name.rsplit(".", 1)[0]


def _rst(text: str, line: int, ctx: Context, doc: DocState, render: RenderBlocks) -> str:
    """A note's reST as text, read as the page's own text is."""
    return join_events(render(split_lines(text.strip()), line, ctx.nested(sections=False), doc))


def _indented(text: str) -> str:
    return text.replace("\n", "\n  ")


def _heading(title: str, line: int, below: int, titles: bool) -> Event:
    """A heading ``below`` levels under the page's title, or a line of text where headings
    cannot stand (inside another directive)."""
    if not titles:
        return Text(title)
    return Heading(title=title, line=line, last_line=line, claim_line=line,
                   anchor=docutils_id(title), below_title=below)  # fmt: skip
