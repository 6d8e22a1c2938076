"""Markdown pages with other files spliced in: pymdownx snippets and MyST's {include}."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builder.includes import IncludeReader, include_root
from builder.model import ParsedFile
from builder.parsers.include_budget import MAX_INCLUDE_TAGS
from builder.parsers.markdown.parser import parse
from builder.parsers.markdown.quarto_includes import QUARTO_CONFIG_NAMES
from builder.projects.quarto import CONFIG_NAMES
from builder.sources import MAX_FILE_BYTES

CHANGELOG = """\
# Changelog

<!-- release notes start -->

## 2.0.0

- Added `frob`.

## 1.0.0

- First release.
"""


def make_project(tmp_path: Path) -> Path:
    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    (tmp_path / "CHANGELOG.md").write_text(CHANGELOG, encoding="utf-8")
    (tmp_path / "example.py").write_text("a = 1\nb = 2\nc = 3\n", encoding="utf-8")
    (tmp_path / "parts.md").write_text(
        "Always.\n\n--8<-- [start:install]\nRun `pip install x`.\n--8<-- [end:install]\n",
        encoding="utf-8",
    )
    return tmp_path


def parse_in(project: Path, relpath: str, text: str) -> ParsedFile:
    reader = IncludeReader(include_root(project / "docs", None, project))
    return parse(text, relpath, None, reader)


def outline(parsed: ParsedFile) -> list[tuple[str, int, int, int, str]]:
    return [(s.heading, s.level, s.line_start, s.line_end, s.body) for s in parsed.sections]


def test_myst_include_gives_the_page_the_files_sections(tmp_path: Path) -> None:
    page = (
        # MyST reads options as YAML: the quotes are not part of the marker.
        "# History\n\n```{include} ../CHANGELOG.md\n:start-after: 'release notes start -->'\n"
        ":heading-offset: 1\n```\n\n## Later\n\nText.\n"
    )
    assert outline(parse_in(make_project(tmp_path), "history.md", page)) == [
        ("History", 1, 1, 1, ""),
        # Every spliced line stands on the fence's first line, line 3.
        ("2.0.0", 3, 3, 3, "- Added `frob`."),
        ("1.0.0", 3, 3, 3, "- First release."),
        ("Later", 2, 8, 10, "Text."),
    ]


def test_myst_literal_includes_are_code(tmp_path: Path) -> None:
    page = "# Example\n\n```{literalinclude} ../example.py\n:lines: 2-3\n```\n"
    parsed = parse_in(make_project(tmp_path), "example.md", page)
    assert parsed.sections[0].body == "Source file: `../example.py`\n\n```python\nb = 2\nc = 3\n```"


def test_myst_rst_includes_are_read_as_rst(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    (project / "CHANGES.rst").write_text(
        "Version 3\n---------\n\nNew ``thing``.\n", encoding="utf-8"
    )
    page = "# Changes\n\n```{include} ../CHANGES.rst\n:parser: rst\n```\n"
    parsed = parse_in(project, "changes.md", page)
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("Changes", ""),
        ("Version 3", "New `thing`."),
    ]


def test_snippets_splice_files_lines_and_sections(tmp_path: Path) -> None:
    page = (
        '# Install\n\n--8<-- "parts.md:install"\n\n```python\n--8<-- "example.py:2:3"\n```\n\n'
        "- item\n\n    --8<-- 'parts.md'\n\n;--8<-- \"parts.md\"\n"
    )
    parsed = parse_in(make_project(tmp_path), "install.md", page)
    assert parsed.sections[0].body == (
        "Run `pip install x`.\n\n```python\nb = 2\nc = 3\n```\n\n"
        '- item\n\n  Always.\n\n  Run `pip install x`.\n\n--8<-- "parts.md"'
    )
    assert (parsed.sections[0].line_start, parsed.sections[0].line_end) == (1, 13)


def test_the_block_form_and_missing_snippets(tmp_path: Path) -> None:
    page = "# Page\n\n--8<--\nexample.py\ngone.md\n--8<--\n\nAfter.\n"
    parsed = parse_in(make_project(tmp_path), "page.md", page)
    # The snippet's lines are Markdown where they land: one paragraph here.
    assert parsed.sections[0].body == "a = 1 b = 2 c = 3\n\nAfter."
    assert [(w.where, w.message) for w in parsed.warnings] == [
        ("page.md:3", "snippet not read: gone.md was not found")
    ]


def test_an_svg_snippet_is_a_picture_and_leaves_no_text(tmp_path: Path) -> None:
    # Textual splices its terminal screenshots into a <div>: the SVG's blank lines ended the
    # HTML block, and its styles and shapes read as code (254 sections of its docs).
    project = make_project(tmp_path)
    (project / "shot.svg").write_text(
        '<svg viewBox="0 0 10 10">\n<style>\n.r1 { fill: #c5c8c6 }\n\n</style>\n\n'
        '    <rect x="0" y="1.5"/><text class="t">Hello</text>\n</svg>\n',
        encoding="utf-8",
    )
    page = (
        '# Gallery\n\nThe app:\n\n<div>\n<a href="x">\n--8<-- "shot.svg"\n</a>\n</div>\n\nAfter.\n'
    )
    parsed = parse_in(project, "gallery.md", page)
    assert outline(parsed) == [("Gallery", 1, 1, 11, "The app:\n\nAfter.")]
    assert parsed.warnings == ()


def test_snippets_bring_a_bounded_page(tmp_path: Path) -> None:
    # Three files each naming the next a hundred times: a million snippets from 30 kilobytes
    # (one page's build ran past five minutes). A page follows at most MAX_INCLUDE_TAGS.
    project = make_project(tmp_path)
    for name, tag in (("b", "c"), ("c", "d")):
        (project / f"{name}.md").write_text(f'--8<-- "{tag}.md"\n' * 100, encoding="utf-8")
    (project / "d.md").write_text("Word.\n", encoding="utf-8")
    parsed = parse_in(project, "page.md", "# Page\n\n" + '--8<-- "b.md"\n' * 100)
    # The first thousand: one of b, ten of c, 989 of d.
    assert parsed.sections[0].body.count("Word.") == MAX_INCLUDE_TAGS - 1 - 10
    assert [w.message for w in parsed.warnings] == [
        f"include tags past the first {MAX_INCLUDE_TAGS} show nothing"
    ]


def test_a_snippets_indent_counts_towards_the_pages_text(tmp_path: Path) -> None:
    # The marker's indent repeats on each of the snippet's lines, its snippets' lines among
    # them: a deep indent on a file of many lines made a page far past MAX_FILE_BYTES.
    project = make_project(tmp_path)
    (project / "lines.md").write_text("a\n" * 10_000, encoding="utf-8")
    (project / "one.md").write_text('--8<-- "lines.md"\n', encoding="utf-8")
    page = "# Page\n\n- item\n\n" + " " * 2000 + '--8<-- "one.md"\n'
    parsed = parse_in(project, "page.md", page)
    assert len(parsed.sections[0].body) < MAX_FILE_BYTES
    assert [w.message for w in parsed.warnings] == [
        f"include one.md: the page's includes would bring over {MAX_FILE_BYTES} bytes"
    ]


def test_without_a_reader_nothing_is_spliced(tmp_path: Path) -> None:
    page = '# Page\n\n--8<-- "parts.md"\n'
    assert parse(page, "page.md").sections[0].body == '--8<-- "parts.md"'


def test_a_myst_include_that_cannot_be_read_warns_once(tmp_path: Path) -> None:
    page = "# Page\n\nText.\n\n```{include} ../README.md\n:start-after: x\n```\n"
    parsed = parse_in(make_project(tmp_path), "page.md", page)
    assert outline(parsed) == [("Page", 1, 1, 7, "Text.")]
    assert [(w.where, w.message) for w in parsed.warnings] == [
        ("page.md:5", "include not read: ../README.md was not found")
    ]


def test_section_markers_never_show_and_an_escaped_one_shows_once(tmp_path: Path) -> None:
    """As pymdownx: a page's own section markers are dropped too (the page may be another's
    snippet source), section names match case-insensitively, and a marker escaped with ``;``
    is text, one ``;`` removed."""
    project = make_project(tmp_path)
    (project / "notes.md").write_text(
        "--8<-- [start:Usage]\nCall `run()`.\n;--8<-- [end:Usage]\n--8<-- [end:Usage]\n",
        encoding="utf-8",
    )
    page = (
        "# Install\n\n--8<-- [start:install]\nRun it.\n--8<-- [end:install]\n\n"
        '--8<-- "notes.md:Usage"\n'
    )
    parsed = parse_in(project, "install.md", page)
    assert parsed.sections[0].body == "Run it.\n\nCall `run()`. --8<-- [end:Usage]"
    assert parsed.warnings == ()


def test_a_long_run_of_dashes_in_a_snippet_is_read_in_linear_time(tmp_path: Path) -> None:
    """A section marker is looked for in every snippet line holding ``8<``; a lazy prefix
    before ``-+8<-+`` retried the dash run from every position, hours for a few MB. The
    subprocess's timeout guards against that hang (a regex holds the GIL, so a thread could
    not); it is not a timing: the parse takes a moment."""
    project = make_project(tmp_path)
    (project / "dashes.md").write_text("-" * 2_000_000 + "8<\n", encoding="utf-8")
    script = (
        "import sys; from pathlib import Path; from tests.test_parsers_markdown_includes "
        "import parse_in; parsed = parse_in(Path(sys.argv[1]), 'page.md', "
        "'--8<-- \"dashes.md\"\\n'); print(parsed.sections[0].body[-3:])"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(project)],
        capture_output=True, text=True, timeout=120, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout == "-8<\n"


OPEN_TAGS = "{% include-markdown 'parts.md' " * 2_000


def parse_open_tags(project: Path) -> str:
    """How many of the include tags nothing closes a page shows: a line of them after a file
    holding another such line that the page includes."""
    page = f'# Tags\n\n{{% include-markdown "../open.md" %}}\n\n{OPEN_TAGS}\n'
    body = parse_in(project, "page.md", page).sections[0].body
    return f"{body.startswith('First.')} {body.count('parts.md')}"


def test_a_line_of_include_tags_nothing_closes_is_read_in_linear_time(tmp_path: Path) -> None:
    """A tag's lazy path tried each later quote of the line, each time reading the options
    to the window's end when no ``%}`` closes it: 400 open tags on a line took 16 s, 2,000
    of them hours, on a page or in a file a tag includes. The subprocess's timeout guards
    against that hang, as above; the parse takes a moment."""
    project = make_project(tmp_path)
    (project / "open.md").write_text(f"First.\n\n{OPEN_TAGS}\n", encoding="utf-8")
    script = (
        "import sys; from pathlib import Path; from tests.test_parsers_markdown_includes "
        "import parse_open_tags; print(parse_open_tags(Path(sys.argv[1])))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(project)],
        capture_output=True, text=True, timeout=120, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout == "True 4000\n"


def test_a_myst_include_in_an_included_file_is_read_from_the_page_first(tmp_path: Path) -> None:
    """MyST under Sphinx resolves a nested {include} from the page's folder, as Sphinx's
    include does; the included file's folder (docutils) is the fallback."""
    project = make_project(tmp_path)
    (project / "docs" / "badges.md").write_text("## Badges\n\nShields.\n", encoding="utf-8")
    (project / "README.md").write_text(
        "# Readme\n\n```{include} badges.md\n```\n", encoding="utf-8"
    )
    page = "# Home\n\n```{include} ../README.md\n```\n"
    parsed = parse_in(project, "index.md", page)
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("Home", ""),
        ("Readme", ""),
        ("Badges", "Shields."),  # spliced as Markdown: its heading is a section
    ]


def test_myst_includes_bring_a_bounded_page(tmp_path: Path) -> None:
    # Three files each including the next a hundred times: a million includes, each file
    # parsed for its own (one page's build ran past a minute and a half). A page follows at
    # most MAX_INCLUDE_TAGS, with one warning for the rest.
    project = make_project(tmp_path)
    for name, tag in (("b", "c"), ("c", "d")):
        (project / "docs" / f"{name}.md").write_text(
            f"```{{include}} {tag}.md\n```\n\n" * 100, encoding="utf-8"
        )
    (project / "docs" / "d.md").write_text("Word.\n", encoding="utf-8")
    parsed = parse_in(project, "page.md", "# Page\n\n" + "```{include} b.md\n```\n\n" * 100)
    # The first thousand: one of b, ten of c, 989 of d.
    assert parsed.sections[0].body.count("Word.") == MAX_INCLUDE_TAGS - 1 - 10
    assert [w.message for w in parsed.warnings] == [
        f"include tags past the first {MAX_INCLUDE_TAGS} show nothing"
    ]


def test_heading_offset_moves_setext_headings_too(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    (project / "NOTES.md").write_text(
        "Notes\n=====\n\nAbout.\n\nDetails\n-------\n\nMore.\n\n```\n# not a heading\n```\n",
        encoding="utf-8",
    )
    page = "# Page\n\n```{include} ../NOTES.md\n:heading-offset: 1\n```\n"
    parsed = parse_in(project, "page.md", page)
    assert [(s.heading, s.level, s.line_start) for s in parsed.sections] == [
        ("Page", 1, 1),
        ("Notes", 2, 3),
        ("Details", 3, 3),
    ]
    assert parsed.sections[2].body == "More.\n\n```\n# not a heading\n```"


def test_mdx_partial_shows_the_imported_files_text(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    (project / "docs" / "_note.md").write_text(
        "---\nid: note\n---\n:::info\n\nImport the globals.\n\n:::\n", encoding="utf-8"
    )
    page = (
        "# API\n\nimport Note from './_note.md';\n\n<Note />\n\n"
        "```jsx\n<Note />\n```\n\n<Missing />\n"
    )
    assert outline(parse_in(project, "api.md", page)) == [
        ("API", 1, 1, 11, "Info: Import the globals.\n\n```jsx\n<Note />\n```"),
    ]


def test_an_mdx_partial_from_the_docusaurus_site_folder_shows_its_text(tmp_path: Path) -> None:
    # tRPC's community pages import '@site/unversioned/_contributing.mdx' (the site's folder,
    # www/): only files beside the page were read, and the pages had their headings alone.
    (tmp_path / "docs").mkdir()
    (tmp_path / "unversioned").mkdir()
    (tmp_path / "unversioned" / "_love.mdx").write_text("Loved by **many**.\n", "utf-8")
    reader = IncludeReader(include_root(tmp_path / "docs", None, tmp_path))
    page = (
        "# Love\n\nimport Content from '@site/unversioned/_love.mdx';\n"
        "import Other from '@theme/Other.mdx';\n\n<Content />\n\n<Other />\n"
    )
    parsed = parse(page, "community/love.mdx", None, reader)
    assert outline(parsed) == [("Love", 1, 1, 6, "Loved by many.")]
    assert [w.message for w in parsed.warnings] == [
        "partial @theme/Other.mdx: only files beside the page are read"
    ]


def test_vitepress_snippet_import_shows_the_files_region(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    (project / "docs" / "guide").mkdir()
    (project / "docs" / "guide" / "deploy.yaml").write_text(
        "# kept out\n#region content\nname: Deploy\non: push\n#endregion content\n",
        encoding="utf-8",
    )
    page = (
        "# Deploy\n\n3. Create a workflow:\n\n   <<< ./deploy.yaml#content [deploy.yml]\n\n"
        "```sh\n<<< ./deploy.yaml\n```\n\n<<< @/guide/deploy.yaml{2}\n"
    )
    assert outline(parse_in(project, "guide/static.md", page)) == [
        (
            "Deploy",
            1,
            1,
            11,
            "3. Create a workflow:\n\n  deploy.yml:\n  ```yaml\n  name: Deploy\n  on: push\n  ```"
            "\n\n```sh\n<<< ./deploy.yaml\n```\n\n"
            "```yaml\n# kept out\nname: Deploy\non: push\n```",
        ),
    ]


def test_a_page_shows_a_bounded_number_of_vitepress_snippet_imports(tmp_path: Path) -> None:
    # Each import reads its file again: a page of 100,000 of them ran past a minute. A page
    # shows at most MAX_INCLUDE_TAGS, with one warning for the rest.
    project = make_project(tmp_path)
    (project / "docs" / "app.ts").write_text("const answer = 42\n", encoding="utf-8")
    page = "# Page\n\n" + "<<< ./app.ts\n\n" * (MAX_INCLUDE_TAGS + 100)
    parsed = parse_in(project, "page.md", page)
    assert parsed.sections[0].body.count("const answer = 42") == MAX_INCLUDE_TAGS
    assert [w.message for w in parsed.warnings] == [
        f"include tags past the first {MAX_INCLUDE_TAGS} show nothing"
    ]


def test_vitepress_snippet_of_terminal_output_shows_its_text(tmp_path: Path) -> None:
    # An unknown suffix is the language, as VitePress reads it; Shiki's ansi shows colours.
    project = make_project(tmp_path)
    (project / "docs" / "output.ansi").write_text(
        " \x1b[32m✓\x1b[39m src/sum.test.js \x1b[90m(1 test)\x1b[39m\n", encoding="utf-8"
    )
    page = "# Run\n\n<<< ./output.ansi\n\n```ansi\n\x1b[1mbold\x1b[22m\n```\n"
    assert outline(parse_in(project, "run.md", page))[0][4] == (
        "```ansi\n ✓ src/sum.test.js (1 test)\n```\n\n```ansi\nbold\n```"
    )


def test_mdx_partials_imports_never_show_nested_or_refused(tmp_path: Path) -> None:
    # The parser drops a .md page's imports only of the tags it still sees, and splicing
    # replaced those tags: a partial's own import, or a refused partial's, read as text.
    project = make_project(tmp_path)
    (tmp_path.parent / "secret.md").write_text("Secret.\n", encoding="utf-8")
    (project / "docs" / "_outer.md").write_text(
        "import Inner from './_inner.md';\n\nOuter.\n\n<Inner />\n", encoding="utf-8"
    )
    (project / "docs" / "_inner.md").write_text("Inner.\n", encoding="utf-8")
    page = (
        "# API\n\nimport Outer from './_outer.md';\nimport Far from '../../secret.md';\n\n"
        "<Outer />\n\n<Far />\n"
    )
    parsed = parse_in(project, "api.md", page)
    assert outline(parsed) == [("API", 1, 1, 6, "Outer.\n\nInner.")]
    assert [w.message for w in parsed.warnings] == [
        f"partial not read: ../../secret.md is outside the project ({project})"
    ]


def test_a_binary_file_is_refused_by_every_splice(tmp_path: Path) -> None:
    # It was decoded with replacement characters and shown as a code block or prose.
    project = make_project(tmp_path)
    (project / "docs" / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    page = '# Logo\n\n<<< ./logo.png\n\n--8<-- "docs/logo.png"\n'
    parsed = parse_in(project, "logo.md", page)
    assert outline(parsed) == [("Logo", 1, 1, 1, "")]
    assert [w.message for w in parsed.warnings] == [
        "snippet import not read: ./logo.png is binary, not text",
        "snippet not read: docs/logo.png is binary, not text",
    ]


def test_vitepress_snippet_region_is_dedented_and_a_missing_one_shows_the_file(
    tmp_path: Path,
) -> None:
    # VitePress dedents a region and shows the whole file when the region is not there (or
    # never ends); the region's lines kept their indent, and a missing region was an empty block.
    project = make_project(tmp_path)
    (project / "docs" / "app.py").write_text(
        "def main():\n    # #region call\n    run()\n    # #endregion call\n    # #region open\n",
        encoding="utf-8",
    )
    page = "# App\n\n<<< ./app.py#call\n\n<<< ./app.py#missing\n\n<<< ./app.py#open\n"
    whole = "```python\ndef main():\n    run()\n```"
    assert outline(parse_in(project, "app.md", page)) == [
        ("App", 1, 1, 7, f"```python\nrun()\n```\n\n{whole}\n\n{whole}"),
    ]


def test_include_markdown_tags_splice_the_files_text(tmp_path: Path) -> None:
    # mkdocs-include-markdown-plugin's tag may span lines; the file is found from the page's
    # folder, cut by start= and end=, its headings moved by heading-offset=, and a tag in it
    # names a file from its own folder. The tag was shown as text and the changelog lost.
    project = make_project(tmp_path)
    (project / "NOTES.md").write_text(
        'Notes.\n\n{% include-markdown "parts.md" end="--8<-- [start" %}\n', encoding="utf-8"
    )
    page = (
        "# History\n\n"  # 1
        "{%\n"  # 3
        '   include-markdown "../CHANGELOG.md"\n'
        '   start="<!-- release notes start -->" heading-offset=1\n'
        "%}\n\n"  # 6
        "## Notes\n\n"  # 8
        "{% include-markdown '../NOTES.md' %} and {% include-markdown \"../missing.md\" %}\n"
    )
    parsed = parse_in(project, "history.md", page)
    assert outline(parsed) == [
        ("History", 1, 1, 1, ""),
        # Every spliced line stands on the tag's first line, line 3.
        ("2.0.0", 3, 3, 3, "- Added `frob`."),
        ("1.0.0", 3, 3, 3, "- First release."),
        ("Notes", 2, 8, 10, "Notes.\n\nAlways. and"),
    ]
    assert [w.message for w in parsed.warnings] == [
        "include-markdown not read: ../missing.md was not found"
    ]


def test_include_markdown_tags_bring_a_bounded_page(tmp_path: Path) -> None:
    # Three files each including the next a hundred times: a million tags from 30 kilobytes
    # (one page's build ran past a minute and a half). A page follows at most
    # MAX_INCLUDE_TAGS, and is told once, at the tag whose text reached the limit.
    project = make_project(tmp_path)
    for name, tag in (("b", "c"), ("c", "d")):
        (project / "docs" / f"{name}.md").write_text(
            f'{{% include-markdown "{tag}.md" %}}\n' * 100, encoding="utf-8"
        )
    (project / "docs" / "d.md").write_text("Word.\n", encoding="utf-8")
    page = "# Page\n\n" + '{% include-markdown "b.md" %}\n' * 100
    parsed = parse_in(project, "page.md", page)
    # The first thousand: one of b, ten of c, 989 of d.
    assert parsed.sections[0].body.count("Word.") == MAX_INCLUDE_TAGS - 1 - 10
    assert [(w.where, w.message) for w in parsed.warnings] == [
        ("page.md:3", f"include tags past the first {MAX_INCLUDE_TAGS} show nothing")
    ]


def test_quarto_include_shows_the_files_text_and_its_shortcodes(tmp_path: Path) -> None:
    # quarto-web's docs include 32 shared parts ("{{< include _visibility-vs-execution.md >}}");
    # the tag was read as an unknown Hugo shortcode and dropped with the file's text.
    project = make_project(tmp_path)
    (project / "docs" / "_setup.qmd").write_text(
        "---\ntitle: Part\n---\n## Setup\n\nRun {{< var setup >}}it first.\n\n"
        "{{< include /_more.md >}}\n",
        encoding="utf-8",
    )
    (project / "docs" / "_more.md").write_text("Then render.\n", encoding="utf-8")
    page = (
        "# Guide\n\nIntro.\n\n{{< include _setup.qmd >}}\n\n"
        "```markdown\n{{< include _setup.qmd >}}\n```\n\n{{< include _missing.qmd >}}\n"
    )
    parsed = parse_in(project, "guide/index.qmd", page.replace("_setup", "../_setup"))
    assert outline(parsed) == [
        ("Guide", 1, 1, 3, "Intro."),
        ("Setup", 2, 5, 9, (
            "Run it first.\n\nThen render.\n\n"
            "```markdown\n{{< include ../_setup.qmd >}}\n```"
        )),
    ]  # fmt: skip
    assert [w.message for w in parsed.warnings] == ["include not read: _missing.qmd was not found"]


def test_an_include_tag_is_quartos_only_on_a_quarto_page(tmp_path: Path) -> None:
    # Hugo sites define their own include shortcode, reading from the site's root or content
    # folder (hugo-relearn, geekdoc); read as Quarto's, a Hugo page's tag spliced the file
    # beside the page, or warned that it was missing. Quarto renders .qmd pages, and .md
    # ones in its project, the folder holding _quarto.yml.
    project = make_project(tmp_path)
    (project / "docs" / "_part.md").write_text("Shared part.\n", encoding="utf-8")
    page = "# Page\n\nIntro.\n\n{{< include _part.md >}}\n\n{{< include content/gone.md >}}\n"
    hugo = parse_in(project, "page.md", page)
    assert outline(hugo) == [("Page", 1, 1, 3, "Intro.")]
    assert hugo.warnings == ()
    assert outline(parse_in(project, "page.qmd", page)) == [
        ("Page", 1, 1, 5, "Intro.\n\nShared part.")
    ]
    (project / "docs" / "_quarto.yml").write_text("project:\n  type: website\n", encoding="utf-8")
    quarto = parse_in(project, "page.md", page)
    assert outline(quarto) == [("Page", 1, 1, 5, "Intro.\n\nShared part.")]
    assert [w.message for w in quarto.warnings] == [
        "include not read: content/gone.md was not found"
    ]


def test_an_include_tag_is_quartos_in_a_project_whose_config_is_above_the_docs(
    tmp_path: Path,
) -> None:
    # A Quarto project of .md pages whose docs folder is read below its _quarto.yml: Quarto
    # renders every page under the folder holding it.
    project = make_project(tmp_path)
    (project / "docs" / "_part.md").write_text("Shared part.\n", encoding="utf-8")
    (project / "_quarto.yml").write_text("project:\n  type: website\n", encoding="utf-8")
    page = "# Page\n\nIntro.\n\n{{< include _part.md >}}\n"
    assert outline(parse_in(project, "guide/page.md", page.replace("_part", "../_part"))) == [
        ("Page", 1, 1, 5, "Intro.\n\nShared part.")
    ]


def test_quarto_includes_bring_a_bounded_page(tmp_path: Path) -> None:
    # Three files each naming the next a hundred times: a million tags from 30 kilobytes, each
    # read or refused with a warning (46 s and 375 MB for one page). A page follows at most
    # MAX_INCLUDE_TAGS tags, with one warning for the rest.
    project = make_project(tmp_path)
    for name, tag in (("_b", "_c"), ("_c", "_d")):
        (project / "docs" / f"{name}.qmd").write_text(
            f"{{{{< include {tag}.qmd >}}}}\n" * 100, encoding="utf-8"
        )
    (project / "docs" / "_d.qmd").write_text("Word.\n", encoding="utf-8")
    parsed = parse_in(project, "page.qmd", "# Page\n\n" + "{{< include _b.qmd >}}\n" * 100)
    # The first thousand tags: one of _b, ten of _c, 989 of _d.
    assert parsed.sections[0].body.count("Word.") == MAX_INCLUDE_TAGS - 1 - 10
    assert [w.message for w in parsed.warnings] == [
        f"include tags past the first {MAX_INCLUDE_TAGS} show nothing"
    ]


def test_the_quarto_config_names_are_the_project_readers() -> None:
    assert QUARTO_CONFIG_NAMES == CONFIG_NAMES


def test_scanpydoc_release_notes_show_the_folders_releases(tmp_path: Path) -> None:
    # anndata 0.12.19: release-notes/index.md is "# Release notes" and ```{release-notes} .```,
    # its 51 release files left out of the pages by conf.py; every release was lost.
    project = make_project(tmp_path)
    notes = project / "docs" / "release-notes"
    notes.mkdir()
    for name, text in (
        ("0.9.2.md", "### 0.9.2\n\n- Old fix.\n"),
        ("0.10.0.md", "(v0.10.0)=\n### 0.10.0 {small}`2023-10-06`\n\n- GPU support.\n"),
        ("0.10.1.md", "### 0.10.1\n\n- A fix.\n"),
        ("0.10.0rc1.md", "### 0.10.0rc1\n\n- Candidate.\n"),
        ("index.md", "# Not a release\n"),
        ("notes.txt", "Not a release either.\n"),
    ):
        (notes / name).write_text(text, encoding="utf-8")
    page = "# Release notes\n\n```{release-notes} .\n```\n"
    parsed = parse_in(project, "release-notes/index.md", page)
    assert [(s.heading, s.level, s.anchor, s.body) for s in parsed.sections] == [
        ("Release notes", 1, "release-notes", ""),
        ("Version 0.10", 2, "v0-10", ""),
        ("0.10.1", 3, "0101", "- A fix."),
        ("0.10.0 2023-10-06", 3, "v0-10-0", "- GPU support."),
        ("0.10.0rc1", 3, "0100rc1", "- Candidate."),
        ("Version 0.9", 2, "v0-9", ""),
        ("0.9.2", 3, "092", "- Old fix."),
    ]
    assert {s.line_start for s in parsed.sections[1:]} == {3}


def test_a_release_notes_fence_without_release_files_stays(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    page = "# Release notes\n\n```{release-notes} Changes\n```\n"
    parsed = parse_in(project, "index.md", page)
    assert [s.heading for s in parsed.sections] == ["Release notes"]


def test_an_mdx_partial_used_inside_a_line_shows_its_one_line(tmp_path: Path) -> None:
    # dlt 1.26.0's source pages end a sentence with a partial: "or <Link/>." read "or .".
    project = make_project(tmp_path)
    (project / "docs" / "_book-call.md").write_text(
        '<span><a href="https://example.invalid/contact">Get in touch</a> with us</span>\n',
        encoding="utf-8",
    )
    (project / "docs" / "_two.md").write_text("One.\n\nTwo.\n", encoding="utf-8")
    page = (
        "# Sources\n\nimport Link from './_book-call.md';\nimport Two from './_two.md';\n\n"
        "Join our Slack community or <Link/>.\n\nNot inline: <Two /> here.\n"
    )
    assert outline(parse_in(project, "sources.mdx", page))[0][4] == (
        "Join our Slack community or Get in touch with us.\n\nNot inline: here."
    )
