"""VitePress' <!--@include: ...--> shows the file it names, as VitePress splices it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builder.includes import IncludeReader, include_root
from builder.parsers.include_budget import MAX_INCLUDE_TAGS
from builder.parsers.markdown.parser import parse

PARTS = {
    # Kubb 4.39's plugin pages each include the options they share.
    "plugins/core/barrelTypes.md": (
        "::: code-group\n\n```typescript [all]\nexport * from './gen/pet.ts'\n```\n\n:::\n"
    ),
    "parts/basics.md": (
        "---\ntitle: Basics\n---\nSome getting started stuff.\n\n### Configuration\n\n"
        "Can be created using `.foorc.json`.\n"
    ),
    "parts/usage.md": (
        "<!-- #region basic-usage -->\n## Usage Line 1\n\n## Usage Line 2\n"
        "<!-- #endregion basic-usage -->\n\n## Options {#opts}\n\nThe options.\n\n"
        "### Sub\n\nA sub-option.\n\n## Next\n\nNot taken.\n"
    ),
    "snippets/region.js": (
        "// #region snippet\nfunction foo() {\n  // ..\n}\n// #endregion snippet\n"
    ),
}

PAGE = """\
# Docs

Intro.
<!--@include: ../parts/basics.md-->
After.

## barrelType

<!--@include: ./core/barrelTypes.md-->

<!--@include: @/parts/usage.md#basic-usage{2,}-->
The second line of the region.

## Heading

<!--@include: @/parts/usage.md#opts-->

```js
<!--@include: @/snippets/region.js{2,4}-->
```

<!--@include: ./missing.md-->
<!--@include: ./plugin-zod.md-->
"""


def test_includes_show_the_files_they_name(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    for relpath, text in {**PARTS, "plugins/plugin-zod.md": PAGE}.items():
        (docs / relpath).parent.mkdir(parents=True, exist_ok=True)
        (docs / relpath).write_text(text, encoding="utf-8")
    (tmp_path / "package.json").write_text("{}", encoding="utf-8")
    reader = IncludeReader(include_root(docs, None, None))
    parsed = parse(PAGE, "plugins/plugin-zod.md", includes=reader)
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("Docs", "Intro.\n\nSome getting started stuff."),
        ("Configuration", "Can be created using `.foorc.json`.\n\nAfter."),
        ("barrelType", "Code group:\nall:\n```typescript\nexport * from './gen/pet.ts'\n```"),
        ("Usage Line 2", "The second line of the region."),
        ("Heading", "The options."),
        # The code keeps the lines it takes as they are; a page including itself shows no more.
        ("Sub", "A sub-option.\n\n```js\nfunction foo() {\n  // ..\n}\n```"),
    ]
    assert [w.message for w in parsed.warnings] == ["include not read: ./missing.md was not found"]


def test_a_long_run_of_blanks_after_the_sign_is_read_in_linear_time(tmp_path: Path) -> None:
    """Three runs could take the blanks after ``@include:`` (before the path, in it, after
    it), so a comment left open after 2,000 of them took 7 s, more hours (cubic). The
    subprocess's timeout guards against that hang; it is no timing."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "part.md").write_text("Shared text.\n", encoding="utf-8")
    (tmp_path / "package.json").write_text("{}", encoding="utf-8")
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from builder.includes import IncludeReader, include_root\n"
        "from builder.parsers.markdown.parser import parse\n"
        "reader = IncludeReader(include_root(Path(sys.argv[1]), None, None))\n"
        "page = '# Page\\n\\n<!--  @include:  ./part.md  -->\\n\\n<!--@include:'"
        " + ' ' * 100_000 + 'x\\n'\n"
        "section = parse(page, 'page.md', includes=reader).sections[0]\n"
        "print(section.body.split()[:3])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(docs)],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.strip() == "['Shared', 'text.']"


def test_paths_of_many_hashes_are_read_in_linear_time(tmp_path: Path) -> None:
    """The region name was searched for from every "#" of the path to its end, so a path of
    1,000 of them ending in "{" took 6 ms, a page of such includes minutes (quadratic). The
    subprocess's timeout guards against that hang; it is no timing. Past MAX_INCLUDE_TAGS
    includes a page is told once and no path is read."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "part.md").write_text("## Usage\n\nShared text.\n", encoding="utf-8")
    (tmp_path / "package.json").write_text("{}", encoding="utf-8")
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from builder.includes import IncludeReader, include_root\n"
        "from builder.parsers.markdown.parser import parse\n"
        "reader = IncludeReader(include_root(Path(sys.argv[1]), None, None))\n"
        "hashes = '<!--@include: ./' + '#' * 990 + '{-->\\n'\n"
        "page = '# Page\\n\\n<!--@include: ./part.md#usage-->\\n\\n' + hashes * 20_000\n"
        "parsed = parse(page, 'page.md', includes=reader)\n"
        "print(parsed.sections[0].body, len(parsed.warnings))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(docs)],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split() == ["Shared", "text.", str(MAX_INCLUDE_TAGS)]


def test_includes_bring_a_bounded_page(tmp_path: Path) -> None:
    # Three files each including the next a hundred times: a million includes from 30
    # kilobytes. A page follows at most MAX_INCLUDE_TAGS, with one warning for the rest.
    docs = tmp_path / "docs"
    docs.mkdir()
    for name, tag in (("b", "c"), ("c", "d")):
        (docs / f"{name}.md").write_text(f"<!--@include: ./{tag}.md-->\n" * 100)
    (docs / "d.md").write_text("Word.\n")
    reader = IncludeReader(include_root(docs, None, None))
    parsed = parse("# Page\n\n" + "<!--@include: ./b.md-->\n" * 100, "page.md", None, reader)
    # The first thousand: one of b, ten of c, 989 of d.
    assert parsed.sections[0].body.count("Word.") == MAX_INCLUDE_TAGS - 1 - 10
    assert [w.message for w in parsed.warnings] == [
        f"include tags past the first {MAX_INCLUDE_TAGS} show nothing"
    ]
