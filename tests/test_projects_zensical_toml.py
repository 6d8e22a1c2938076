"""builder.projects.zensical_toml: TOML 1.1's inline tables over many lines read as 1.0's."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from builder.config import VersionConfig
from builder.projects import project_listing
from builder.projects.zensical_toml import load, one_line_inline_tables

# pixi's zensical.toml: its nav of inline tables over many lines, with trailing commas and
# comments; "not readable TOML (Invalid initial character for a key part (at line 4,
# column 4))" left the site without its nav and settings.
PIXI_NAV = """[project]
site_name = "Pixi"
nav = [
  { "Home" = "index.md" },
  {
    "Getting Started" = [  # the first steps
      { "Installation" = "install.md" },
      { "Odd # \\" = {" = 'a}b.md', },
    ]
  },
]
description = \"\"\"one {
two,}\"\"\"
"""


def test_inline_tables_over_many_lines_are_read() -> None:
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(PIXI_NAV)
    settings = load(PIXI_NAV)
    assert settings["nav"] == [
        {"Home": "index.md"},
        {"Getting Started": [{"Installation": "install.md"}, {'Odd # " = {': "a}b.md"}]},
    ]
    assert settings["description"] == "one {\ntwo,}"


def test_text_without_such_tables_stays_as_it_is() -> None:
    text = '[project]\n# a comment {\nnav = [\n  "a.md",\n]\nx = { a = 1 }  # note\n'
    assert one_line_inline_tables(text) == text
    with pytest.raises(tomllib.TOMLDecodeError):
        load('[project]\nx = { a = "open\n}\n')


def test_the_nav_of_a_zensical_toml_orders_the_pages(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    for page in ("index.md", "install.md", "a}b.md"):
        (tmp_path / "docs" / page).write_text(f"# {page}\n", encoding="utf-8")
    (tmp_path / "zensical.toml").write_text(PIXI_NAV, encoding="utf-8")
    version = VersionConfig("1.0.0", tmp_path, None, None, (), (), None, None, project="auto")
    layout, listing = project_listing(version)
    assert layout.config_file == "zensical.toml" and not layout.notes
    assert [c.relpath for c in listing.candidates] == ["index.md", "install.md", "a}b.md"]
