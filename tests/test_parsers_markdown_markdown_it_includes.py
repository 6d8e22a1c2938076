"""markdown-it-include's ``!!!include(path)!!!``: the file's text is part of the page, as the
plugin VuePress sites add splices it in before the page is parsed (Chart.js' axis pages)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builder.includes import IncludeReader, include_root
from builder.model import ParsedFile
from builder.parsers.include_budget import MAX_INCLUDE_TAGS
from builder.parsers.markdown.parser import parse


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    (tmp_path / "package.json").write_text('{"name": "charts"}', encoding="utf-8")
    for relpath, text in files.items():
        path = tmp_path / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def _parse(project: Path, relpath: str, text: str) -> ParsedFile:
    reader = IncludeReader(include_root(project / "docs", None, project))
    return parse(text, relpath, None, reader)


def _outline(parsed: ParsedFile) -> list[tuple[str, int, int, str]]:
    return [(s.heading, s.line_start, s.line_end, s.body) for s in parsed.sections]


COMMON = (
    "### Common options to all axes\n\n"
    "| Name | Type | Description\n| ---- | ---- | -----------\n"
    "| `suggestedMax` | `number` | Adjustment used when calculating the maximum data value.\n"
)


def test_a_tag_shows_the_files_text_from_the_docs_folder(tmp_path: Path) -> None:
    # Chart.js 4.5.1's axes/cartesian/linear.md: "!!!include(axes/_common.md)!!!" (the plugin's
    # root is the docs folder); the tag stayed as written and the common options were lost.
    project = _project(
        tmp_path,
        {
            "docs/axes/_common.md": COMMON + "\n!!!include(_ticks.md)!!!\n",
            "docs/axes/_ticks.md": "### Tick options\n\nSee `ticks.stepSize`.\n",
        },
    )
    page = (
        "# Linear Axis\n\nThe linear scale.\n\n!!!include(axes/_common.md)!!!\n\n"
        "```md\n!!!include(axes/_common.md)!!!\n```\n"
    )
    parsed = _parse(project, "axes/cartesian/linear.md", page)
    assert _outline(parsed) == [
        ("Linear Axis", 1, 3, "The linear scale."),
        (
            "Common options to all axes",
            5,
            5,
            "Name | Type | Description\n"
            "`suggestedMax` | `number` | Adjustment used when calculating the maximum data value.",
        ),
        (
            "Tick options",
            5,
            9,
            "See `ticks.stepSize`.\n\n```md\n!!!include(axes/_common.md)!!!\n```",
        ),
    ]
    assert parsed.warnings == ()


def test_a_tag_in_a_line_and_a_missing_file(tmp_path: Path) -> None:
    # Anywhere in the text, as the plugin replaces it; a path the docs folder lacks is read from
    # the project's root (the plugin's default root); a file that is nowhere shows nothing.
    project = _project(tmp_path, {"docs/.keep": "", "shared/note.md": "a shared note"})
    page = "# Page\n\nBefore !!! include( shared/note.md ) !!! after, !!!include(gone.md)!!!.\n"
    parsed = _parse(project, "page.md", page)
    assert _outline(parsed) == [("Page", 1, 3, "Before a shared note after, .")]
    assert [w.message for w in parsed.warnings] == ["include not read: gone.md was not found"]


def test_includes_nest_in_a_loop_or_fan_out_boundedly(tmp_path: Path) -> None:
    files = {f"docs/f{k}.md": f"!!!include(f{k + 1}.md)!!!\n" * 20 for k in range(4)}
    project = _project(
        tmp_path, {**files, "docs/f4.md": "Word.", "docs/loop.md": "!!!include(loop.md)!!!"}
    )
    parsed = _parse(
        project, "page.md", "# Page\n\n!!!include(f0.md)!!!\n\n!!!include(loop.md)!!!\n"
    )
    assert 0 < parsed.sections[0].body.count("Word.") < MAX_INCLUDE_TAGS
    assert [w.message for w in parsed.warnings] == [
        f"include tags past the first {MAX_INCLUDE_TAGS} show nothing"
    ]
    parsed = _parse(project, "page.md", "# Page\n\n!!!include(loop.md)!!!\n")
    assert [w.message for w in parsed.warnings] == ["include loop.md: includes nest in a loop"]


def test_tags_left_open_over_blanks_are_read_in_linear_time(tmp_path: Path) -> None:
    """The tag's pattern took the path's blanks apart from the path ("\\(\\s*(.+?)\\s*\\)"), so a
    tag left open over 990 spaces was tried at every split of them, 2.4 s a line (cubic), and a
    page of 200 such lines some eight minutes. The subprocess's timeout guards against that
    hang; it is no timing."""
    _project(tmp_path, {"docs/_part.md": "Shared text.\n"})
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from builder.includes import IncludeReader, include_root\n"
        "from builder.parsers.markdown.parser import parse\n"
        "project = Path(sys.argv[1])\n"
        "reader = IncludeReader(include_root(project / 'docs', None, project))\n"
        "open_tags = ('!!!include(' + ' ' * 990 + '!!!\\n') * 200\n"
        "page = '# Page\\n\\n!!!include(  _part.md  )!!!\\n\\n' + open_tags\n"
        "parsed = parse(page, 'page.md', None, reader)\n"
        "print(parsed.sections[0].body.split()[:2], len(parsed.warnings))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.strip() == "['Shared', 'text.'] 0"
