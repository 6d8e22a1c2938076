"""MDX partials: ``import Note from './_note.md'`` then ``<Note />`` shows that file's text.

Docusaurus (and MDX generally) lets a page import another Markdown file as a component and
place it on a line of its own; the site shows the file's content there. The import line is
dropped by the parser; here each ``<Note />`` line outside code fences is replaced by the
imported file's lines, before parsing, so its text lands in the section that shows it.
Partials may use partials of their own, to MAX_INCLUDE_DEPTH and within the page's include
budget (include_budget: files each using the next a hundred times made a million partials). A
path from ``@site/`` starts at
the folder the docs tool runs in, a Docusaurus site's (tRPC's pages share
``@site/unversioned/_contributing.mdx`` between its versions); one through an alias of the
project's ``tsconfig.json`` (``@/components/input.md``) from where the alias leads.
Mintlify's ``<Snippet file="name.mdx" />`` shows its snippets folder's file so, without an
import: read as mem0 2.0.18's docs, its 77 uses (a "Get help" card group on 12 pages) lost
their text once the snippets were no pages of their own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from builder.includes import MAX_INCLUDE_DEPTH, IncludeReader, IncludeRefused
from builder.parsers.include_budget import IncludeBudget
from builder.parsers.markdown.front_matter import without_yaml_front_matter
from builder.parsers.markdown.path_aliases import aliased_path
from builder.parsers.markdown.spliced import (
    ExpandedLine,
    Spliced,
    lines_outside_fences,
    spliced_from,
)

_IMPORT = re.compile(
    r"""[ \t]*import[ \t]+(?P<name>[A-Z][\w$]*)[ \t]+from[ \t]+"""
    r"""(?P<q>['"])(?P<path>[^'"\n]+\.mdx?)(?P=q)[ \t]*;?[ \t]*"""
)
# Docusaurus' alias of the site's folder.
_SITE = "@site/"
# A component used inside a line of text, without props.
_INLINE_USE = re.compile(r"<(?P<name>[A-Z][\w$]{0,100})[ \t]*/>")
# A component on a line of its own; its props (if any) are not read.
_USE = re.compile(r"""(?P<space>[ \t]*)<(?P<name>[A-Z][\w$]*)(?:[ \t][^<>]*)?/>[ \t]*""")
# Mintlify's snippet tag, and the folders of the docs folder its file is looked for in: the
# current one, then the older ``_snippets`` (mem0's).
_SNIPPET_TAG = "Snippet"
_SNIPPET_FILE = re.compile(r"""[ \t]file=(?P<q>['"])(?P<file>[^'"\n]{1,300})(?P=q)""")
SNIPPET_FOLDERS = ("snippets", "_snippets")


def has_partials(text: str) -> bool:
    """The quick test: a page that imports no ``.md``/``.mdx`` file uses no partial."""
    if f"<{_SNIPPET_TAG} " in text:
        return True
    return "import" in text and (".md'" in text or '.md"' in text or ".mdx" in text)


def splice_partials(
    page: Spliced, relpath: str, reader: IncludeReader, registered: Mapping[str, str] = {}
) -> Spliced:
    """``page`` with each ``<Partial />`` line replaced by the lines of the file it imports,
    or of the file ``registered`` names for it (a site's global components, by tag name)."""
    budget = IncludeBudget()
    return spliced_from(page, _expand(page.text, relpath, reader, (), budget, registered))


def _expand(
    text: str,
    relpath: str,
    reader: IncludeReader,
    chain: tuple[str, ...],
    budget: IncludeBudget,
    registered: Mapping[str, str],
) -> list[ExpandedLine]:
    lines = text.split("\n")
    prose = lines_outside_fences(lines)
    import_lines = {
        number: match for number in prose if (match := _IMPORT.fullmatch(lines[number]))
    }
    imports = {
        **registered,
        **{match.group("name"): match.group("path") for match in import_lines.values()},
    }
    uses = {number: use for number in prose if (use := _USE.fullmatch(lines[number]))}
    uses = {n: use for n, use in uses.items() if imports or use.group("name") == _SNIPPET_TAG}
    used = {use.group("name") for use in uses.values()}
    out: list[ExpandedLine] = []
    read: dict[str, str] = {}  # the one-line partials read for uses inside lines, by name
    for number, line in enumerate(lines):
        use = uses.get(number)
        imported = import_lines.get(number)
        if imported and imported.group("name") in used:
            # Never shown; left in, a partial's own imports (or a page's, once its tags are
            # spliced away) would read as text, as the parser drops only imports of tags it sees.
            out.append(("", number, ""))
        elif use and use.group("name") in imports:
            target = imports[use.group("name")]
            place = (use.group("space"), number)
            out.extend(_partial(target, place, relpath, reader, chain, budget, registered))
        elif use and (target := _snippet_target(use.group(0), reader)) is not None:
            place = (use.group("space"), number)
            out.extend(_partial(target, place, relpath, reader, chain, budget, registered))
        elif imports and number in prose and "/>" in line:
            out.append((_inline_uses(line, imports, relpath, reader, read), number, ""))
        else:
            out.append((line, number, ""))
    return out


def _snippet_target(tag: str, reader: IncludeReader) -> str | None:
    """The file a ``<Snippet file="..." />`` line shows, from the docs folder: in the first of
    SNIPPET_FOLDERS that holds it (the last when none does, to say so); None for another tag."""
    found = _SNIPPET_FILE.search(tag) if tag.lstrip().startswith(f"<{_SNIPPET_TAG} ") else None
    if found is None:
        return None
    name = found.group("file").lstrip("/")
    for folder in SNIPPET_FOLDERS[:-1]:
        if (reader.where.docs / folder / name).is_file():
            return f"/{folder}/{name}"
    return f"/{SNIPPET_FOLDERS[-1]}/{name}"


def _inline_uses(
    line: str, imports: dict[str, str], relpath: str, reader: IncludeReader, read: dict[str, str]
) -> str:
    """``line`` with each ``<Partial />`` inside it replaced by the partial's text when that is
    one line (dlt's ``or <Link/>.``, a sentence's end kept in a file of its own); a partial of
    more lines, or one not read, is left to the parser, which drops its tag."""

    def shown(use: re.Match[str]) -> str:
        name = use.group("name")
        if name not in read:
            read[name] = _one_line(imports.get(name, ""), relpath, reader)
        return read[name] or use.group(0)

    return _INLINE_USE.sub(shown, line)


def _one_line(target: str, relpath: str, reader: IncludeReader) -> str:
    """The text of the partial ``target`` when it is one line, else ""."""
    if not target or target.startswith("@") or "://" in target:
        return ""
    try:
        text = without_yaml_front_matter(reader.read(relpath, target).text).strip()
    except IncludeRefused:
        return ""
    return "" if "\n" in text else text


def _partial(
    target: str,
    place: tuple[str, int],
    relpath: str,
    reader: IncludeReader,
    chain: tuple[str, ...],
    budget: IncludeBudget,
    registered: Mapping[str, str],
) -> list[ExpandedLine]:
    """The lines of one partial, indented and all placed at the line ``place`` gives, with
    blank lines around them."""
    indent, origin = place
    refused = budget.follow()
    if refused is not None:
        return [("", origin, refused)] if refused else []
    site = target.startswith(_SITE)
    aliased = aliased_path(target, reader) if target.startswith("@") and not site else None
    if (target.startswith("@") and not site and aliased is None) or "://" in target:
        return [("", origin, f"partial {target}: only files beside the page are read")]
    if len(chain) >= MAX_INCLUDE_DEPTH:
        return [("", origin, f"partial {target}: partials nest too deep")]
    try:
        # Where snippet paths start is the folder the tool runs in: the site's, for Docusaurus.
        if site:
            included = reader.read(relpath, target.removeprefix(_SITE), snippet=True)
        elif aliased is not None:
            included = reader.read_in_project(aliased)
        else:
            included = reader.read(relpath, target)
    except IncludeRefused as exc:
        return [("", origin, f"partial not read: {exc}")]
    if included.path in chain or included.path == relpath:
        return [("", origin, f"partial {target}: partials nest in a loop")]
    text = without_yaml_front_matter(included.text).rstrip("\n")
    refused = budget.take(len(text), target)
    if refused:
        return [("", origin, refused)]
    inner = _expand(text, included.path, reader, (*chain, relpath), budget, registered)
    # The indent repeats on every line the partial brings, its partials' lines among them.
    refused = budget.take(len(indent) * len(inner), target) if indent else ""
    if refused:
        return [("", origin, refused)]
    lines = [
        (indent + line if line and not warning else line, origin, warning)
        for line, _, warning in inner
    ]
    return [("", origin, ""), *lines, ("", origin, "")]
