"""Pages whose authors left them out of their docs' own search: not indexed here either.

Sphinx leaves a page out of its search index when the page's file-wide metadata has a
``nosearch`` field, whatever its value (``:nosearch:`` in a field list that opens a reST page,
``nosearch:`` in a MyST page's front matter). Material for MkDocs does the same for a page whose
front matter sets ``search: exclude: true``. Such pages are mostly a second copy of another one
(a man page that includes the README, a print version), which would crowd the first answers.
"""

from __future__ import annotations

import re

# Why the build report lists such a page as skipped.
OPTED_OUT = "its metadata leaves it out of search (nosearch)"

# The top of a page its metadata is read from: a reST page's field list, Markdown front matter.
_HEAD_CHARS = 20_000
_NOSEARCH = re.compile("nosearch", re.IGNORECASE)
_RST_FIELD = re.compile(r":((?:[^:`\\]|\\.)+?):(?: +|$)")
_YAML_KEY = re.compile(r"^([A-Za-z_][\w-]*)[ \t]*:")
_YAML_EXCLUDE = re.compile(r"^[ \t]+exclude[ \t]*:[ \t]*(true|True|TRUE|yes|on)[ \t]*(?:#.*)?$")
_MATERIAL_SEARCH = re.compile(r"^search[ \t]*:[ \t]*\{[ \t]*exclude[ \t]*:[ \t]*true[ \t]*\}")


def opts_out_of_search(fmt: str, text: str) -> bool:
    """Whether a page of format ``fmt`` ("rst" or "markdown"; others never do) is one its
    metadata leaves out of search."""
    if fmt == "rst":
        head = text[:_HEAD_CHARS]
        if _NOSEARCH.search(head) is None:  # nearly every page: one scan, no lines split
            return False
        from builder.parsers.rst.events import split_lines  # the reST reader's own lines

        return rst_opts_out(split_lines(head))
    if fmt == "markdown" and text.startswith("---"):
        # Imported here: the front matter reader loads PyYAML, which a build of HTML never needs.
        from builder.parsers.markdown.front_matter import yaml_front_matter

        front = yaml_front_matter(text[:_HEAD_CHARS])
        return front is not None and markdown_opts_out(front)
    return False


def rst_opts_out(lines: list[str]) -> bool:
    """Whether a reST page's docinfo (a field list that opens it, below only what docutils lets
    stand above one: comments, targets, ``raw``...) holds a ``nosearch`` field."""
    # Imported here: a build of Markdown pages alone never loads the reST reader.
    from builder.parsers.rst.blocks import docinfo_may_follow

    i = 0
    while i < len(lines) and (
        not lines[i].strip() or lines[i][:1].isspace() or lines[i][:2] == ".."
    ):
        i += 1
    if i == len(lines) or not _RST_FIELD.match(lines[i]) or not docinfo_may_follow(lines, i):
        return False
    in_fields = False
    while i < len(lines):
        line = lines[i]
        if not line.strip() or (in_fields and line[:1].isspace()):  # a field's body goes on
            i += 1
            continue
        field = _RST_FIELD.match(line)
        if field is None:
            return False
        if field.group(1).strip().lower() == "nosearch":
            return True
        i, in_fields = i + 1, True
    return False


def markdown_opts_out(front_matter: str) -> bool:
    """Whether a Markdown page's YAML front matter (its content, without the fences) has a
    top-level ``nosearch`` key (MyST's Sphinx metadata) or Material's ``search: exclude: true``."""
    # One pass, the lines below a "search:" key read as they come (a scan of the rest of the
    # front matter for each such key took time in the square of a front matter of many).
    in_search = False
    for line in front_matter.split("\n"):
        key = _YAML_KEY.match(line)
        if key is not None:
            name = key.group(1)
            if name == "nosearch" or _MATERIAL_SEARCH.match(line):
                return True
            in_search = name == "search"
        elif in_search and line.strip() and not line[:1].isspace():
            in_search = False
        elif in_search and _YAML_EXCLUDE.match(line):
            return True
    return False
