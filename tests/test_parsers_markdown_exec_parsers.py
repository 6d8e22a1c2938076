"""builder.parsers.markdown.exec_parsers: a markdown-exec block that prints the project's
argparse parser, read as the parser's reference."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.parsers import parse_file
from builder.parsers.markdown.exec_parsers import exec_parser_function
from tests.test_parsers_rst_argparse import CODE

# git-changelog 2.10.0's docs/reference/cli.md, shortened.
RENDER = """import argparse

from tool.cli import get_parser

parser = get_parser()


def render_parser(parser: argparse.ArgumentParser, title: str) -> str:
    return "\\n".join(action.dest for action in parser._actions)


print(render_parser(parser, "pystack"))
"""


@pytest.mark.parametrize(
    ("info", "code", "found"),
    [
        ('python exec="true" idprefix=""', RENDER, "tool.cli.get_parser"),
        ("py exec='1'", "from tool import build\nparser = build()\nprint(parser)\n", "tool.build"),
        # The code is shown: a page that teaches how to write it.
        ('python exec="1" source="above"', RENDER, None),
        ("python", RENDER, None),  # not run at all
        ('python exec="on"', "from tool.cli import get_parser\nprint(get_parser)\n", None),
        ('python exec="on"', "from tool import run\nresult = run()\n", None),  # no parser
        ('python exec="on"', "from . import get_parser\nparser = get_parser()\n", None),
        ('python exec="on"', "parser = (\n", None),  # not Python
    ],
)
def test_the_function_a_block_builds_its_parser_with(
    info: str, code: str, found: str | None
) -> None:
    assert exec_parser_function(info, code) == found


def test_the_block_reads_as_the_parsers_reference(tmp_path: Path) -> None:
    # git-changelog 2.10.0's CLI reference page was this block alone: it read as nothing.
    (tmp_path / "tool").mkdir()
    (tmp_path / "tool" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "tool" / "cli.py").write_text(CODE, encoding="utf-8")
    text = f'# CLI reference\n\n```python exec="true"\n{RENDER}```\n\nAfter.\n'
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    parsed = parse_file("cli.md", text, source)
    assert parsed is not None
    assert [(s.heading, s.heading_path) for s in parsed.sections] == [
        ("CLI reference", ()),
        ("pystack", ("CLI reference",)),
        ("output", ("CLI reference", "pystack")),  # its argument group
        ("pystack remote", ("CLI reference", "pystack")),
        ("pystack core", ("CLI reference", "pystack")),
    ]
    assert parsed.sections[0].body == "After."
    assert "- `-v, --verbose`: Say more. (default: 0)" in parsed.sections[1].body
