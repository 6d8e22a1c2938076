"""mdBook's hidden code lines are left out of an mdBook's code blocks, and only of its."""

from __future__ import annotations

from pathlib import Path

import orjson

from builder.config import load_catalog
from builder.parsers.markdown.flavor import MDBOOK, markdown_flavor
from builder.parsers.markdown.mdbook_code import shown_lines
from builder.pipeline import build_site

# PyO3's guide: a doctest's scaffolding hidden around the example the reader sees.
CHAPTER = """\
# Python modules

```rust
# #![allow(dead_code)]
#![allow(unused)]
# use pyo3::prelude::*;
#[pymodule]
fn my_extension(m: &Bound<'_, PyModule>) -> PyResult<()> {
    ## not hidden: one '#' shows
    #
    # Ok(())
}
```

```python hidelines=~
~import sys
print(sys.path)
```

```toml
# a comment
[lib]
```
"""


def test_an_mdbook_shows_its_code_blocks_without_their_hidden_lines() -> None:
    with markdown_flavor(MDBOOK):
        rust = "# use a;\n#[derive(Debug)]\n    # fn main() {\n##x\n"
        assert shown_lines(rust, "rust,ignore") == "#[derive(Debug)]\n#x\n"
        assert shown_lines("~import sys\nprint(1)\n", "python hidelines=~") == "print(1)\n"
        assert shown_lines("# a comment\n", "toml") == "# a comment\n"
    assert shown_lines("# use a;\n", "rust") == "# use a;\n"  # no mdBook: shown


def test_an_mdbook_chapter_builds_without_its_hidden_lines(tmp_path: Path) -> None:
    source = tmp_path / "guide" / "src"
    source.mkdir(parents=True)
    (tmp_path / "guide" / "book.toml").write_text('[book]\ntitle = "Guide"\n', encoding="utf-8")
    (source / "SUMMARY.md").write_text("- [Modules](module.md)\n", encoding="utf-8")
    (source / "module.md").write_text(CHAPTER, encoding="utf-8")
    (tmp_path / "docbuild.toml").write_text(
        '[site]\ntitle = "T"\nbase_url = "https://docs.example/"\n\n'
        '[[libraries]]\nid = "guide"\nname = "Guide"\n  [[libraries.versions]]\n'
        '  version = "1.0.0"\n  path = "guide/src"\n  project = "mdbook"\n',
        encoding="utf-8",
    )
    build_site(load_catalog(tmp_path / "docbuild.toml"), tmp_path / "site")
    index = orjson.loads((tmp_path / "site" / "index.json").read_bytes())
    [section] = index["entries"][0]["volumes"]["1.0.0"]["sections"]
    assert section["body"] == (
        "```rust\n"
        "#![allow(unused)]\n"
        "#[pymodule]\n"
        "fn my_extension(m: &Bound<'_, PyModule>) -> PyResult<()> {\n"
        "    # not hidden: one '#' shows\n"
        "}\n"
        "```\n\n"
        "```python\nprint(sys.path)\n```\n\n"
        "```toml\n# a comment\n[lib]\n```"
    )
