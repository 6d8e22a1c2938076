"""Admonitions and titled blocks read as "Kind: Title" then their text: Python-Markdown's
``!!!`` and ``???`` (builder.parsers.markdown.admonitions), pymdownx.blocks' ``///`` and
VitePress' ``:::`` containers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builder.parsers.markdown.parser import parse
from tests.test_parsers_markdown import bodies


def test_pymdownx_blocks_read_as_admonitions_and_titled_parts() -> None:
    text = (
        "# A\n\n"
        "/// tip\n\nUse **quotes**.\n\n///\n\n"
        "//// tab | Python 3.8+\n\n```Python\nx = 1\n```\n\n"
        "/// note | Technical **Details**\n\nInner.\n\n///\n\n////\n\n"
        "/// details | More\n\nHidden text.\n///\n\n"
        "/// Returns the value, not a block\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Tip: Use quotes.\n\n"
        "Python 3.8+:\n```Python\nx = 1\n```\n\n"
        "Note: Technical Details\n\nInner.\n\n"
        "More: Hidden text.\n\n"
        "/// Returns the value, not a block"
    ]


def test_pymdownx_block_holds_blocks_with_more_slashes() -> None:
    # pymdownx.blocks closes a block at a fence of its own length only: "////" closes the tab
    # inside the "///" admonition, whose own "///" closes it after the text below the tabs.
    text = (
        "# A\n\n"
        "/// admonition | Preview\n    type: preview\n\n"
        "//// tab | With bases\nBases: `Base`\n////\n\n"
        "//// tab | Without bases\nNone.\n////\n\n"
        "Both show the docstring.\n///\n\nAfter.\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Preview: With bases: Bases: `Base`\n\nWithout bases: None.\n\n"
        "Both show the docstring.\n\nAfter."
    ]


def test_pymdownx_block_options_are_not_text() -> None:
    # Options are YAML indented right under the header; they read as a code block in the body.
    # After a blank line, indented lines are code, however they look.
    text = (
        "# A\n\n"
        "/// details | Why?\n    type: warning\n    open: true\n\nBecause.\n///\n\n"
        "/// note\n\n    key: value\n///\n"
    )
    assert bodies(parse(text, "x.md")) == ["Why? Because.\n\nNote:\n```\nkey: value\n```"]


def test_admonitions_go_on_over_blank_lines_while_indented() -> None:
    # Python-Markdown keeps an admonition open over any run of blank lines, so an example
    # spaced as PEP 8 spaces it stays one code block, with its notes after it.
    text = (
        "# A\n\n"
        '???+ example "Just type hints"\n'
        "    ```python\n"
        "    class Fruit:\n"
        "        name: str\n\n\n"
        "    print(Fruit())\n"
        "    ```\n\n"
        "    1. The name is a string.\n\n"
        '!!! note ""\n'
        "    No title.\n\n"
        "??? tip\n"
        "    Folded.\n\n\n"
        "After.\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Example: Just type hints\n\n"
        "```python\nclass Fruit:\n    name: str\n\n\nprint(Fruit())\n```\n\n"
        "1. The name is a string.\n\n"
        "Note: No title.\n\n"
        "Tip: Folded.\n\n"
        "After."
    ]


def test_a_vitepress_containers_attributes_are_not_its_title() -> None:
    text = (
        "# A\n\n"
        "::: warning Class Support {#class-support}\nNo shorthands.\n:::\n\n"
        "::: details Show the code {open}\nCode.\n:::\n\n"
        "::: tip {.wide}\nWide.\n:::\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Warning: Class Support\n\nNo shorthands.\n\nDetails: Show the code\n\nCode.\n\nTip: Wide."
    ]


def test_a_vitepress_containers_title_is_read_as_inline_markdown() -> None:
    # VitePress renders a title as inline Markdown: vitest's "::: warning WARNING
    # <Version>3.2.0</Version>" kept its component's tags, a link its brackets.
    text = (
        "# A\n\n"
        "::: warning WARNING <Version>3.2.0</Version>\nSaved.\n:::\n\n"
        "::: tip Use **`vi.fn`** or [mocks](/guide/mocking) {#tip}\nMore.\n:::\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Warning: WARNING 3.2.0\n\nSaved.\n\nTip: Use `vi.fn` or mocks\n\nMore."
    ]


def test_a_long_container_title_is_read_in_linear_time() -> None:
    """The pattern of a container's attributes after its title began at each space of a run of
    them: a title of 400 KB of spaces took minutes. The subprocess's timeout guards against
    that, it is no timing."""
    script = (
        "from builder.parsers.markdown.parser import parse\n"
        "text = '# A\\n\\n::: warning a' + ' ' * 400_000 + 'b {#x}\\nBody.\\n:::\\n'\n"
        "body = parse(text, 'x.md').sections[0].body\n"
        "print(body == 'Warning: a b\\n\\nBody.')\n"  # the title read as inline text
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split() == ["True"]
