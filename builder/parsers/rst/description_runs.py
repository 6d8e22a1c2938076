"""Hand-written Python descriptions with no text of their own that share the next one's.

API pages list names that one text describes as a run of descriptions, one line after
another, the text under the last: psutil's ``.. data:: POSIX`` through ``.. data:: AIX``,
then "``bool`` constants which define what platform you're on"; tornado's ``.. attribute::
RequestHandler.path_args`` over ``.. attribute:: RequestHandler.path_kwargs`` and the text
on both. Sphinx shows the names one under the other with the text below, as it shows one
description of several signatures. Read one by one, each name but the last was an entry
that said nothing (psutil 7.2.2: 70 of its 206 sections, 34%). Such a run reads as the last
description with every name of the run as its signatures, which gives each name an entry of
its own holding the text they share (builder.parsers.rst.signature_groups).
"""

from __future__ import annotations

from builder.parsers.rst.api_descriptions import CLASS_LEVEL, CLASS_LIKE, MODULE_LEVEL
from builder.parsers.rst.events import indented_end
from builder.parsers.rst.markup_lines import DIRECTIVE

# Classes stay one by one: each is the class its members belong to.
_HAND_WRITTEN = (MODULE_LEVEL | CLASS_LEVEL) - CLASS_LIKE


def shared_run(lines: list[str], i: int, end: int) -> tuple[tuple[str, ...], int] | None:
    """When the directive at ``lines[i]`` (its block ending at ``end``) is a hand-written
    description with nothing under it, followed on the next line by one of the same name:
    the signatures of the run's descriptions before its last, and the index of the last
    one's line."""
    signatures: list[str] = []
    start = DIRECTIVE.match(lines[i])
    if start is None or start.group(1).lower().removeprefix("py:") not in _HAND_WRITTEN:
        return None
    name = start.group(1).lower()
    at = i
    while True:
        match = DIRECTIVE.match(lines[at])
        if match is None or match.group(1).lower() != name:
            break
        block_end = end if at == i else max(indented_end(lines, at + 1), at + 1)
        if any(line.strip() for line in lines[at + 1 : block_end]):
            break  # text (or an option) of its own: the run's last description
        # On the next line: a blank line between sets them apart (celery's hub.add, with no
        # text, two lines above hub.add_reader and its own).
        following = block_end
        if following >= len(lines) or not _same_directive(lines[following], name):
            break
        signatures.append((match.group(2) or "").strip())
        at = following
    return (tuple(signatures), at) if signatures else None


def _same_directive(line: str, name: str) -> bool:
    match = DIRECTIVE.match(line)
    return match is not None and match.group(1).lower() == name
