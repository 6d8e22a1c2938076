"""builder.parsers.markdown.indented_blocks: where a block of lines indented under a marker
line ends."""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock

from builder.parsers.markdown.indented_blocks import indented_end


def _end(text: str) -> int:
    state = StateBlock(text, MarkdownIt(), {}, [])
    return indented_end(state, 0, state.lineMax)


def test_a_block_runs_over_blank_lines_to_the_last_line_indented_under_it() -> None:
    assert _end("!!! note\n    one\n\n\n    two\n\n\nafter\n") == 5
    assert _end("!!! note\n    one\n  under-indented\n") == 2
    assert _end("!!! note\n        deeper\n    back\n") == 3


def test_a_marker_with_nothing_under_it_is_its_line_alone() -> None:
    assert _end("!!! note\n\n\nafter\n") == 1
    assert _end("!!! note\n") == 1
    assert _end("  === tab\n      in\n    out\n") == 2  # indented from the marker's column
