"""Gradio's guides' demo tags: a line ``$code_hello_world`` shows the project's
``demo/hello_world/run.py`` as a Python code block; a line ``$demo_hello_world`` stands for
that demo running, and shows nothing here.

gradio.app's guide builder (``js/_website/generate_jsons/src/guides``) replaces each
``$code_NAME`` with the ``run.py`` of the ``demo/`` folder of that name, in a Python block, and
each ``$demo_NAME`` with an embedded app running it, before the guide is rendered. Read as
written, Gradio's guides held 117 such code tags, the code of their examples, as a word each.
A tag alone on its line outside code is read so, from the ``demo/`` folder at the project's
top, within the page's include budget; a demo that cannot be read leaves the line, as it
stands for no demo of this project.
"""

from __future__ import annotations

import re

from builder.includes import IncludeReader
from builder.parsers.include_budget import IncludeBudget, read_within_budget
from builder.parsers.markdown.spliced import SpliceBuilder, Spliced, splice_tag_lines

DEMO_FOLDER = "demo"
DEMO_FILE = "run.py"
_TAG = re.compile(r"[ \t]{0,3}\$(?P<kind>code|demo)_(?P<name>[a-z0-9][a-z0-9_-]*)[ \t]*")
_ANY_TAG = re.compile(r"^[ \t]{0,3}\$(?:code|demo)_[a-z0-9]", re.MULTILINE)
_BACKTICKS = re.compile(r"`{3,}")


def has_demo_tags(text: str) -> bool:
    """The quick test: a text without such a line shows no demo."""
    return ("$code_" in text or "$demo_" in text) and _ANY_TAG.search(text) is not None


def splice_demo_tags(page: Spliced, reader: IncludeReader) -> Spliced:
    """``page`` with each demo tag line outside code replaced by what it shows."""
    budget = IncludeBudget()

    def shown(tag: re.Match[str], k: int, builder: SpliceBuilder) -> list[str] | None:
        code = _demo_code(tag.group("name"), reader, budget, builder, k)
        if code is None:
            return None
        # The running app has no text of its own.
        return _python_block(code) if tag.group("kind") == "code" else []

    return splice_tag_lines(page, _TAG, shown)


def _demo_code(
    name: str, reader: IncludeReader, budget: IncludeBudget, builder: SpliceBuilder, k: int
) -> str | None:
    """The code of the demo ``name``, or None to keep the line (no such demo, none read)."""
    target = f"{DEMO_FOLDER}/{name}/{DEMO_FILE}"
    return read_within_budget(
        budget,
        lambda: reader.read_in_project(target).text,
        target,
        lambda warning: builder.note(k, warning),
    )


def _python_block(code: str) -> list[str]:
    """``code`` fenced as Python, the fence longer than any run of backticks in it."""
    longest = max((len(run) for run in _BACKTICKS.findall(code)), default=2)
    fence = "`" * max(3, longest + 1)
    return [f"{fence}python", *code.rstrip("\n").split("\n"), fence]
