"""builder.projects.mkdocs_file_blocks and builder.parsers.markdown.file_blocks: the block of a
project's own pymdownx extension that shows a file shows it, as a code block."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from builder.cli import main
from builder.projects.mkdocs_file_blocks import blocks_showing_files

# marimo 0.24.0's docs/blocks/__init__.py, cut down: the iframe and its options left out.
EXTENSION = """\
from typing import cast
from pymdownx.blocks import BlocksExtension
from pymdownx.blocks.block import Block, type_string


class MarimoEmbedBlock(Block):
    NAME: str = "marimo-embed"

    def on_end(self, block):
        code = block.text.strip() if block.text else ""


class MarimoEmbedFileBlock(Block):
    NAME: str = "marimo-embed-file"
    OPTIONS = {"filepath": ["", type_string]}

    def on_end(self, block):
        filepath = cast(str, self.options["filepath"])
        with open(filepath, "r", encoding="utf-8") as f:
            code = f.read()


class Direct(Block):
    NAME = "show-file"

    def on_end(self, block):
        open(self.options.get("path")).read()


class MarimoBlocksExtension(BlocksExtension):
    def extendMarkdownBlocks(self, md, block_mgr):
        block_mgr.register(MarimoEmbedFileBlock, self.getConfigs())
"""


def test_the_blocks_that_open_an_option_s_file_are_found() -> None:
    assert blocks_showing_files(EXTENSION) == [
        ("marimo-embed-file", "filepath"),
        ("show-file", "path"),
    ]
    assert blocks_showing_files("class Broken(:\n") == []


PAGE = """\
# Download Media

/// marimo-embed-file
    size: medium
    filepath: examples/ui/download.py
///

```markdown
/// marimo-embed-file
    filepath: examples/ui/download.py
///
```

/// marimo-embed-file
    filepath: examples/ui/missing.py
///

::: marimo.download
"""


def test_a_file_block_shows_the_file_in_the_built_page(tmp_path: Path) -> None:
    # marimo 0.24.0's API pages: each example app's block read as a note "Marimo embed file:"
    # and its code lost -> the file it names, as a code block.
    files = {
        "mkdocs.yml": (
            "site_name: marimo\nnav:\n  - api/download.md\n"
            "markdown_extensions:\n  - blocks:MarimoBlocksExtension\n  - admonition\n"
        ),
        "docs/blocks/__init__.py": EXTENSION,
        "docs/api/download.md": PAGE,
        "examples/ui/download.py": (
            "import marimo\n\napp = marimo.App()\n\n\n@app.cell\n"
            "def _(mo):\n    mo.download(data=b'spreadsheet rows')\n"
        ),
    }
    for relpath, text in files.items():
        (tmp_path / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relpath).write_text(text, encoding="utf-8")
    (tmp_path / "docbuild.toml").write_text(
        '[site]\ntitle = "T"\nbase_url = "https://docs.example/"\n\n[[libraries]]\n'
        'id = "marimo"\nname = "marimo"\n  [[libraries.versions]]\n  version = "0.24.0"\n'
        '  path = "docs"\n  project = "mkdocs"\n',
        encoding="utf-8",
    )
    out = tmp_path / "_site"
    result = CliRunner().invoke(
        main, ["build", "-c", str(tmp_path / "docbuild.toml"), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    index = json.loads((out / "libs/marimo/index.json").read_text(encoding="utf-8"))
    (volume,) = index["entries"][0]["volumes"].values()
    body = next(s["body"] for s in volume["sections"] if s["heading"] == "Download Media")
    assert body.startswith("```python\nimport marimo\n")
    assert "mo.download(data=b'spreadsheet rows')\n```" in body
    assert "```markdown\n/// marimo-embed-file\n" in body  # in a code block: as written
    # A file that is not there: the block read as it is written, a titled note.
    assert body.endswith("```\n\nMarimo embed file:")
    assert body.count("Marimo embed file") == 1


def test_an_option_line_of_many_blanks_is_read_in_linear_time(tmp_path: Path) -> None:
    """The option's value was lazy before trailing blanks: each blank of a run was tried as
    its end, reading to the run's end (quadratic, 400,000 blanks some minutes). The
    subprocess's timeout guards against that hang; it is no timing."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "app.py").write_text("print('app')\n", encoding="utf-8")
    script = (
        "import sys\nfrom pathlib import Path\n"
        "from builder.includes import IncludeReader, IncludeRoot\n"
        "from builder.parsers.markdown.file_blocks import splice_file_blocks\n"
        "from builder.parsers.markdown.spliced import Spliced\n"
        "root = Path(sys.argv[1])\n"
        "reader = IncludeReader(IncludeRoot(docs=root / 'docs', root=root, snippets=(root,)))\n"
        "blocks = (('embed-file', 'filepath'),)\n"
        "for value in ('app.py  ', 'x' + ' ' * 400_000 + 'y'):\n"
        "    page = '/// embed-file\\n    filepath: ' + value + '\\n///\\n'\n"
        "    text = splice_file_blocks(Spliced.unchanged(page), blocks, reader).text\n"
        "    print(repr(text[:40]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.splitlines() == [
        repr("\n```python\nprint('app')\n```\n\n"),  # the trailing blanks are no part of it
        repr("/// embed-file\n    filepath: x" + " " * 10),  # no such file: as written
    ]
