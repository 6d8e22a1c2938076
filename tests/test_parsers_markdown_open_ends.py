"""builder.parsers.markdown.open_ends: the line that closes a block a text leaves open."""

from __future__ import annotations

import pytest

from builder.parsers.markdown.open_ends import closing_line


@pytest.mark.parametrize(
    ("text", "closer"),
    [
        ("Text.\n\n<!-- a note", "-->"),
        ("  <!-- a note\nstill in it\n", "-->"),
        ("<pre>\ncode", "</pre>"),
        ("<SCRIPT>\nx()", "</script>"),
        ("<?php echo 1;", "?>"),
        ("<![CDATA[ x", "]]>"),
        ("<!DOCTYPE html", ">"),
        ("```python\nx = 1\n", "```"),
        ("````\n```\nx", "````"),
        ("~~~\nx", "~~~"),
        ("```\nx\n    ```", "```"),
        ("```\nx\n\t```", "```"),
        (":::{note}\nA note.", ":::"),
        ("::::{note}\n:::{tip}\nx\n:::", "::::"),
    ],
)
def test_an_open_block_gets_its_closing_line(text: str, closer: str) -> None:
    assert closing_line(text) == closer


@pytest.mark.parametrize(
    "text",
    [
        "Plain text.",
        "<!-- closed -->\n\nText.",
        "<!-- a\nb -->",
        "Inline <!-- is not a block",
        "- <!-- in a list item, ends with it",
        "<div>\nends at a blank line",
        "```\ncode\n```\n\n",
        "```\n```",
        "```\nx\n   ```  ",
        ":::{note}\nA note.\n:::",
        "<pre>\nx\n</PRE>",
        "<!-- open -->\n\n```\nx\n```",
        # A fence left open inside a block the page's parser reads ends with that block.
        ":::{note}\n```python\nx = 1\n:::",
        "::: tip\n```\nx\n:::",
        "$$\nx\n```\n$$",
    ],
)
def test_a_closed_text_needs_nothing(text: str) -> None:
    assert closing_line(text) == ""
