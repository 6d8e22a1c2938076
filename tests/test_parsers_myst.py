"""MyST Markdown through the Markdown parser: targets, roles, directives, and the examples."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from builder.model import ParsedFile
from builder.parsers import parse_file
from builder.parsers.markdown.front_matter import yaml_substitutions
from builder.parsers.markdown.myst_directives import MAX_DIRECTIVE_DEPTH
from builder.parsers.markdown.parser import parse
from builder.parsers.reference_titles import ReferenceTitles, reading_references
from builder.parsers.rst.parser import parse as parse_rst
from builder.reference_scan import scan_references
from builder.sections import finalize_sections

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def outline(parsed: ParsedFile) -> list[tuple[int, str, tuple[str, ...], str, int, int]]:
    return [
        (s.level, s.heading, s.heading_path, s.anchor, s.line_start, s.line_end)
        for s in parsed.sections
    ]


def bodies(parsed: ParsedFile) -> list[str]:
    return [section.body for section in parsed.sections]


def test_label_above_a_heading_is_its_anchor_and_refs_read_as_its_heading() -> None:
    text = (
        "# Guide\n"  # 1
        "\n"
        "See {ref}`install`, {ref}`the steps <Install>` and {ref}`other-page_label`.\n"  # 3
        "\n"
        "(install)=\n"  # 5
        "## Installing `attrs`\n"  # 6
        "\n"
        "Run pip.\n"  # 8
        "\n"
        "(how_it-works)=\n"  # 10
        "% a comment between label and heading\n"
        "(second-label)=\n"
        "## How it works {#works}\n"  # 13
        "\n"
        "Magic.\n"  # 15
        "\n"
        "(a-figure)=\n"  # 17: names a paragraph, not a section
        "\n"
        "Figure text.\n"
        "\n"
        "## Plain\n"  # 21
    )
    parsed = parse(text, "guide.md")
    assert outline(parsed) == [
        (1, "Guide", (), "guide", 1, 3),
        (2, "Installing attrs", ("Guide",), "install", 6, 8),
        (2, "How it works", ("Guide",), "how-it-works", 13, 19),
        (2, "Plain", ("Guide",), "plain", 21, 21),
    ]
    assert bodies(parsed) == [
        "See Installing attrs, the steps and other page label.",
        "Run pip.",
        "Magic.\n\nFigure text.",
        "",
    ]


def test_links_without_text_read_as_what_they_point_to() -> None:
    text = (
        "(inst)=\n"
        "# Installing it\n"
        "\n"
        "See [](#inst), [](install.md), [](https://x.org/a), [](other.md#some-label) and "
        "[text](#inst).\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "See Installing it, install, https://x.org/a, some label and text."
    ]


def test_myst_link_schemes_and_object_targets_read_as_what_sphinx_shows() -> None:
    # myst-parser's own docs: "<project:configuration.md> contains", "the
    # <inv:sphinx#suppress_warnings> option" and "[](#myst_parser.setup)" read as the raw
    # target, or as "myst parser.setup" with its underscores dropped.
    titles = ReferenceTitles(
        labels={"myst-warnings": "Build Warnings"},
        documents={"configuration": "Configuration", "syntax/roles": "Roles"},
    )
    text = (
        "# Intro\n"
        "\n"
        "The <project:configuration.md> page; see <project:#myst-warnings>, "
        "<inv:sphinx#suppress_warnings>, <inv:#*.Sphinx>, <path:example.txt>, "
        "[](project:/syntax/roles.md), [](project:gone.md), [](#myst_parser.sphinx_ext.main.setup)"
        " and <https://x.org>.\n"
    )
    with reading_references(titles, "intro.md"):
        parsed = parse(text, "intro.md")
    assert bodies(parsed) == [
        "The Configuration page; see Build Warnings, suppress_warnings, Sphinx, example.txt, "
        "Roles, gone, `myst_parser.sphinx_ext.main.setup` and https://x.org."
    ]


def test_roles_read_as_their_text() -> None:
    text = (
        "# A\n\n"
        "{py:func}`~attrs.define` {func}`attrs.field()` {class}`attrs.Attribute` "
        "{meth}`C.evolve` {attr}`object.__dict__` {mod}`attrs` {data}`attrs.NOTHING` "
        "{exc}`ValueError` {obj}`!collections.namedtuple` {term}`fields <field>` "
        "{term}`slotted classes` {code}`x = 1` {kbd}`Ctrl+C` {abbr}`LIFO (last-in, first-out)` "
        "{sub-ref}`wordcount-words` {math}`a^2` {eq}`euler` {download}`the data <data.csv>` "
        "{envvar}`HOME` {option}`--verbose` {program}`pip` {file}`setup.cfg` "
        "{samp}`print({x})` {command}`make` {pep}`526` {rfc}`2616` {doc}`../api/index` "
        "{doc}`the API <api>` {my-extension:thing}`custom`.\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "`define` `attrs.field()` `attrs.Attribute` `C.evolve` `object.__dict__` `attrs` "
        "`attrs.NOTHING` `ValueError` `collections.namedtuple` fields slotted classes `x = 1` "
        "`Ctrl+C` LIFO (last-in, first-out) wordcount-words a^2 euler the data `HOME` "
        "`--verbose` `pip` `setup.cfg` `print({x})` `make` PEP 526 RFC 2616 index the API custom."
    ]


def test_roles_in_headings_lose_their_backticks() -> None:
    parsed = parse("## The {func}`attrs.define` decorator\n", "x.md")
    assert outline(parsed) == [
        (2, "The attrs.define decorator", (), "the-attrsdefine-decorator", 1, 1)
    ]


def test_directive_options_never_reach_the_body() -> None:
    text = (
        "# A\n\n"
        "```{note}\n:class: dropdown\n:name: my-note\n\nColon options.\n```\n\n"
        "```{tip}\n---\nclass: dropdown\nname: >-\n  folded\n---\nYAML options.\n```\n\n"
        ":::{warning}\n:class: margin\nNo blank line after the options.\n:::\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Note: Colon options.\n\nTip: YAML options.\n\nWarning: No blank line after the options."
    ]


def test_admonitions_read_as_their_title_then_their_content() -> None:
    text = (
        "# A\n\n"
        "```{note} Text on the first line\nand after it.\n```\n\n"
        "```{admonition} Custom *title*\n:class: tip\nBody with {func}`f`.\n```\n\n"
        "::::{dropdown} Click to open\n:::{seealso}\nNested {ref}`a`.\n:::\n::::\n\n"
        "```{versionadded} 22.2.0\nThe *thing*.\n```\n\n"
        "```{versionchanged} 23.1.0\n```\n\n"
        ":::{deprecated} 24.1.0 Use `new()`.\n:::\n\n"
        "````{important}\n- one\n- two\n````\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Note: Text on the first line and after it.\n"
        "\n"
        "Custom title: Body with `f`.\n"
        "\n"
        "Click to open\n"
        "\n"
        "See also: Nested a.\n"
        "\n"
        "Added in version 22.2.0: The thing.\n"
        "\n"
        "Changed in version 23.1.0.\n"
        "\n"
        "Deprecated since version 24.1.0: Use `new()`.\n"
        "\n"
        "Important:\n"
        "- one\n"
        "- two"
    ]


def test_code_directives_are_fenced_code_with_their_language() -> None:
    text = (
        "# A\n\n"
        "```{code-block} python\n:linenos:\n:caption: Example\n\nprint('hi')\n```\n\n"
        "```{code-cell} ipython3\n---\ntags: [hide-input]\n---\n1 + 1\n```\n\n"
        "```{code} toml\n[tool]\n```\n\n"
        "```{doctest}\n>>> 1 + 1\n2\n```\n\n"
        "```{math}\n:label: euler\ne^{i\\pi} = -1\n```\n\n"
        "```{literalinclude} ../src/example.py\n:lines: 1-5\n```\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Example\n\n```python\nprint('hi')\n```\n\n"
        "```python\n1 + 1\n```\n\n"
        "```toml\n[tool]\n```\n\n"
        "```pycon\n>>> 1 + 1\n2\n```\n\n"
        "```math\ne^{i\\pi} = -1\n```\n\n"
        "Source file: `../src/example.py`"
    ]


def test_code_cells_myst_nb_removes_leave_nothing() -> None:
    # The Jupyter Book's docs (basics/create.md) showed "!jupyter-book create --help", a cell
    # tagged remove-input whose output alone the page shows.
    text = (
        "# Create\n\nRun:\n\n"
        "```{code-cell}\n:tags: [remove-input]\n!jupyter-book create --help\n```\n\n"
        "```{code-cell} ipython3\n---\ntags:\n  - remove-cell\n---\nsetup()\n```\n\n"
        "```{code-cell} python3\n:tags: [hide-output, remove-stderr]\nx = 1\n```\n"
    )
    assert bodies(parse(text, "create.md")) == ["Run:\n\n```python\nx = 1\n```"]


def test_build_steering_directives_leave_nothing() -> None:
    text = (
        "# A\n\nKept.\n\n"
        "```{toctree}\n:maxdepth: 2\n:hidden:\n\ninstall\napi\n```\n\n"
        "```{contents}\n:local:\n```\n\n"
        "```{include} ../README.md\n:start-after: <!-- start -->\n```\n\n"
        ":::{raw} html\n<div></div>\n:::\n"
    )
    assert bodies(parse(text, "x.md")) == ["Kept."]


def test_eval_rst_content_is_read_as_restructuredtext() -> None:
    text = (
        "# A\n\n"
        "```{eval-rst}\n"
        ".. note:: A reST note about :func:`attrs.define`.\n"
        "\n"
        "* a *list*\n"
        "```\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Note: A reST note about `attrs.define`.\n\n- a list",
    ]


def test_autodoc_fences_make_the_api_sections_rest_makes() -> None:
    myst = (
        "# API\n"  # 1
        "\n"
        "```{currentmodule} attrs\n"  # 3
        "```\n"
        "\n"
        "```{autoclass} Attribute\n"  # 6
        ":members:\n"
        "```\n"
        "\n"
        "````{py:class} Factory(factory)\n"  # 10
        "Wraps a factory, see {func}`field`.\n"
        "\n"
        "```{py:method} evolve(**changes)\n"  # 13
        "Copy.\n"
        "```\n"
        "````\n"
        "\n"
        "## Next\n"  # 18
    )
    rst = (
        "API\n"
        "===\n"
        "\n"
        ".. currentmodule:: attrs\n"
        "\n"
        ".. autoclass:: Attribute\n"
        "   :members:\n"
        "\n"
        ".. py:class:: Factory(factory)\n"
        "\n"
        "   Wraps a factory, see :func:`field`.\n"
        "\n"
        "   .. py:method:: evolve(**changes)\n"
        "\n"
        "      Copy.\n"
    )
    parsed = parse(myst, "api.md")
    assert outline(parsed) == [
        (1, "API", (), "api", 1, 4),
        (2, "attrs.Attribute", ("API",), "attrs.Attribute", 6, 8),
        (2, "attrs.Factory", ("API",), "attrs.Factory", 10, 11),
        (3, "attrs.Factory.evolve", ("API", "attrs.Factory"), "attrs.Factory.evolve", 13, 16),
        (2, "Next", ("API",), "next", 18, 18),
    ]
    api = [(s.heading, s.anchor, s.body) for s in parsed.sections[1:4]]
    assert api == [(s.heading, s.anchor, s.body) for s in parse_rst(rst, "api.rst").sections[1:]]
    assert api[0][2] == "`Attribute`"
    assert api[1][2] == "`Factory(factory)`\n\nWraps a factory, see `field`."
    kinds = [s.kind for s in parsed.sections]
    assert kinds == ["text", "api", "api", "api", "text"]
    assert kinds[1:4] == [s.kind for s in parse_rst(rst, "api.rst").sections[1:]]


def test_text_after_an_api_fence_returns_to_the_section_around_it() -> None:
    # attrs 25.3.0's extending.md describes your_hook in an {eval-rst} fence with no content;
    # the rest of "Automatic Field Transformation and Modification" (what the hook's
    # arguments are, the example) read as the hook's description, as Sphinx never shows it.
    myst = (
        "# Hooks\n"  # 1
        "\n"
        "It must have this signature:\n"  # 3
        "\n"
        "```{eval-rst}\n"  # 5
        ".. function:: your_hook(cls, fields)\n"
        "   :noindex:\n"
        "```\n"  # 8
        "\n"
        "- *cls* is your class.\n"  # 10
        "\n"
        "## Next\n"  # 12
        "\n"
        "More.\n"
    )
    parsed = parse(myst, "x.md")
    assert outline(parsed) == [
        (1, "Hooks", (), "hooks", 1, 5),
        (2, "your_hook", ("Hooks",), "your_hook", 6, 8),
        (2, "Next", ("Hooks",), "next", 12, 14),
    ]
    assert bodies(parsed) == [
        "It must have this signature:\n\n- cls is your class.",
        "`your_hook(cls, fields)`",
        "More.",
    ]


def test_a_fence_is_never_glued_to_the_text_before_it() -> None:
    text = (
        "# A\n\n"
        "Text right above\n"
        "```python\n"
        "x = 1\n"
        "```\n\n"
        ":::{note}\n```sh\nmake\n```\n:::\n\n"
        ":::tip\n```sh\nrun\n```\n:::\n\n"
        "> [!WARNING]\n> ```sh\n> rm -rf\n> ```\n\n"
        "````{warning}\n```python\nleft open\n````\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Text right above\n\n"
        "```python\nx = 1\n```\n\n"
        "Note:\n```sh\nmake\n```\n\n"
        "Tip:\n```sh\nrun\n```\n\n"
        "Warning:\n```sh\nrm -rf\n```\n\n"
        "Warning:\n```python\nleft open\n```"
    ]


def test_a_dollar_inside_a_name_opens_no_math() -> None:
    # Pinia 2.2.4's plugins page: "[store.$subscribe](./state.md) and [store.$onAction](...)"
    # read "store.$subscribe](./state.md#...) and [store.$onAction" as one formula, so both
    # links' text was lost.
    text = (
        "# Plugins\n\n"
        "Use [store.$subscribe](./state.md#subscribing) and [store.$onAction](./actions.md).\n\n"
        "Costs US$5, or a$b and c$d; with $x_1 * y_2$ inline and ($a$).\n"
    )
    assert bodies(parse(text, "plugins.md")) == [
        "Use store.$subscribe and store.$onAction.\n\n"
        "Costs US$5, or a$b and c$d; with $x_1 * y_2$ inline and ($a$)."
    ]


def test_math_right_after_a_chinese_character_is_math() -> None:
    # Chinese and Japanese texts write math with no space around it; a dollar after any
    # letter (str.isalnum, Chinese characters too) opened nothing, so the formula was read as
    # Markdown: "$a*b*c$" lost its asterisks to emphasis and "$\{x\}$" its backslashes.
    text = "# T\n\n设$a*b*c$为实数，集合$\\{x\\}$与$S_1$。\n"
    assert bodies(parse(text, "page.md")) == ["设$a*b*c$为实数，集合$\\{x\\}$与$S_1$。"]


def test_comments_block_breaks_math_and_definition_lists() -> None:
    text = (
        "# A\n"
        "\n"
        "% a comment\n"
        "Text that costs $5 or $6, with $x_1 * y_2$ inline.\n"
        "\n"
        '+++ {"meta": 1}\n'
        "\n"
        "$$\n"
        "E = mc^2\n"
        "$$ (mass)\n"
        "\n"
        "Term *one*\n"
        ": First definition.\n"
        "\n"
        "  More of it.\n"
        ": Second definition.\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Text that costs $5 or $6, with $x_1 * y_2$ inline.\n\n"
        "```math\nE = mc^2\n```\n\n"
        "Term one\n  First definition.\n\n  More of it.\n  Second definition."
    ]


def test_front_matter_substitutions_and_heading_ids() -> None:
    text = (
        "---\n"
        "title: Subs\n"
        "substitutions:\n"
        '  project: "**attrs**"\n'
        "  version: 25.3\n"
        "  note: |\n"
        "    two\n"
        "    lines\n"
        "myst:\n"
        "  other: 1\n"
        "---\n"
        "# Using {{ project }} {#using}\n"
        "\n"
        "Version {{version}} of {{ project }}; {{ unset }} and `{{ project }}` in code.\n"
    )
    parsed = parse(text, "x.md")
    assert outline(parsed) == [(1, "Using attrs", (), "using", 12, 14)]
    assert bodies(parsed) == ["Version 25.3 of attrs; unset and `{{ project }}` in code."]


def test_yaml_substitutions_reads_only_the_substitutions_mapping() -> None:
    front = (
        "title: T\n"
        "substitutions:\n"
        "  a: plain # comment\n"
        "  b: 'single ''quoted'''\n"
        "  c: >\n"
        "    folded\n"
        "    text\n"
        "    nested: not a key\n"
        "other: x\n"
    )
    assert yaml_substitutions(front) == {
        "a": "plain",
        "b": "single 'quoted'",
        "c": "folded text nested: not a key",
    }
    assert yaml_substitutions("title: T\n") == {}


def test_deeply_nested_directives_keep_their_text() -> None:
    depth = MAX_DIRECTIVE_DEPTH + 10
    opening = "".join(":" * (depth + 3 - i) + "{note}\n" for i in range(depth))
    closing = "".join(":" * (i + 4) + "\n" for i in range(depth))
    parsed = parse("# A\n\n" + opening + "deep\n" + closing, "x.md")
    body = parsed.sections[0].body
    assert body.startswith("Note: " * MAX_DIRECTIVE_DEPTH)
    assert body.endswith("deep")
    assert ":::" not in body


def _markdown_files() -> list[Path]:
    return sorted(
        path
        for suffix in ("*.md", "*.markdown")
        for path in EXAMPLES.rglob(suffix)
        if path.name not in ("README.md", "LICENSE.md")
    )


# What raw MyST looks like: a role, a target, a directive option, a directive fence.
_LEFTOVERS = re.compile(
    r"\{(?:ref|doc)\}`|^\([^()\s]+\)=\s*$|:class:|```\{|:::\{|^::: ",
    re.MULTILINE,
)


def test_the_scan_below_reads_myst_sources() -> None:
    sources = [path.read_text(encoding="utf-8") for path in _markdown_files()]
    assert sum(bool(_LEFTOVERS.search(source)) for source in sources) >= 10


@pytest.mark.parametrize("path", _markdown_files(), ids=lambda path: path.name)
def test_example_bodies_keep_no_myst_markup(path: Path) -> None:
    relpath = path.relative_to(EXAMPLES).as_posix()
    parsed = parse_file(relpath, path.read_text(encoding="utf-8"))
    assert parsed is not None
    leftovers = [
        (section.heading, match.group(0))
        for section in parsed.sections
        for match in _LEFTOVERS.finditer(section.body)
    ]
    assert leftovers == []


def test_an_unknown_directive_holding_a_shell_session_reads_as_console_code() -> None:
    # pip 25.2's {pip-cli} (26 blocks): the commands and their output ran into one paragraph,
    # "$ pip install sampleproject [...] Successfully installed sampleproject".
    text = (
        "# Getting started\n\n"
        "```{pip-cli}\n$ pip install sampleproject\n[...]\n"
        "Successfully installed sampleproject\n```\n\n"
        "```{unknown-thing}\nSome *prose* here.\n```\n"
    )
    assert bodies(parse(text, "getting-started.md")) == [
        "```console\n$ pip install sampleproject\n[...]\nSuccessfully installed sampleproject\n"
        "```\n\nSome prose here."
    ]


def test_sphinx_design_cards_keep_their_title_header_and_footer_apart() -> None:
    text = (
        "# A\n\n"
        "::::{grid} 2\n:::{grid-item-card} Getting *started*\n:link: start\n"
        "Header\n^^^\nCard content\n+++\nFooter\n:::\n::::\n"
    )
    assert bodies(parse(text, "x.md")) == ["Getting started\n\nHeader\n\nCard content\n\nFooter"]


def test_list_table_cells_are_markdown() -> None:
    # mystmd's docs (admonitions.md): each cell of its table of admonitions read
    # "🔵 {myst:directive}`note`", and a cell's link showed as "[link](a.md)".
    text = (
        "# T\n\n"
        "```{list-table} Named *admonitions*\n:header-rows: 1\n"
        "* - Name\n  - Use\n"
        "* - 🔵 {myst:directive}`note`\n"
        "  - **bold** {code}`x` [link](a.md) and {ref}`label <t>`\n    continued\n"
        "```\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Named admonitions\n\nName | Use\n🔵 `note` | bold `x` link and label continued"
    ]


def test_a_project_directive_with_only_an_argument_keeps_it_as_code() -> None:
    # scikit-build-core 0.10.7's docs/ext/conftabs.py draws a setting's tabs from the argument
    # alone; 'build-dir' and 'cmake.build-type' were on no page. A file path stays out.
    text = (
        "# Other options\n\n"
        "Select a persistent build dir:\n\n"
        '```{conftabs} build-dir "build/{wheel_tag}"\n\n```\n\n'
        "```{bibliography} refs.bib\n```\n\n"
        "```{unknown-box} a title\nIts content.\n```\n"
    )
    assert bodies(parse(text, "configuration.md")) == [
        'Select a persistent build dir:\n\n`build-dir "build/{wheel_tag}"`\n\nIts content.'
    ]


def test_links_to_sphinx_generated_index_and_search_pages_are_left_out() -> None:
    # A MyST index.md keeps sphinx-quickstart's "Indices and tables" as {ref} items: the
    # section read '- genindex - modindex - search', pages a doctrove site does not have.
    text = (
        "# Guide\n\nRead on.\n\n## Indices and tables\n\n"
        "* {ref}`genindex`\n* {ref}`modindex`\n* {ref}`Search <search>`\n"
    )
    assert [s.heading for s in finalize_sections(parse(text, "docs/index.md")).sections] == [
        "Guide"
    ]
    text = "# G\n\n1. {ref}`genindex`\n2. Real\n\n- {ref}`search` and more\n- {ref}`search`\n"
    assert bodies(parse(text, "docs/index.md")) == ["2. Real\n\n- search and more"]
    # A section the project labels `search` itself is where Sphinx links: its item stays.
    titles = scan_references([("find.md", "markdown", "(search)=\n# Finding\n")])
    with reading_references(titles, "index.md"):
        assert bodies(parse(text, "docs/index.md")) == ["2. Real\n\n- Finding and more\n- Finding"]


def test_an_amsmath_environment_is_display_math_with_its_line_breaks() -> None:
    # Jupyter Book's math.md: as a paragraph, the rows ran into one line and "\\" became "\".
    text = (
        "# Math\n"
        "\n"
        "which results in:\n"
        "\\begin{align}\n"
        "a_{11}& =b_{11}\\\\\n"
        "a_{21}& =b_{21}\n"
        "\\end{align}\n"
        "\n"
        "After it.\n"
    )
    assert bodies(parse(text, "math.md")) == [
        "which results in:\n\n"
        "```math\n\\begin{align}\na_{11}& =b_{11}\\\\\na_{21}& =b_{21}\n\\end{align}\n```\n\n"
        "After it."
    ]


def test_field_lists_read_a_field_a_line_and_page_metadata_shows_nothing() -> None:
    # myst-parser's intro.md listed its extensions as ":sphinx-design: Add ..." lines, read as
    # one run-on paragraph; its example pages opened with ":orphan:", a section of that word.
    text = (
        ":orphan:\n"
        "\n"
        "# Extending Sphinx\n"
        "\n"
        ":sphinx-design: Add *web* components\n"
        ":sphinx-copybutton: Add a copy button,\n"
        "  to every code block\n"
        ":Blocks:\n"
        "\n"
        "  - Me\n"
        "  - I\n"
        "\n"
        "After.\n"
    )
    assert bodies(parse(text, "intro.md")) == [
        "sphinx-design: Add web components\n"
        "sphinx-copybutton: Add a copy button, to every code block\n"
        "Blocks: - Me\n"
        "  - I\n\n"
        "After."
    ]


def test_an_option_continued_on_indented_colon_lines_is_not_content() -> None:
    # MyST-NB's hiding.md: a code cell's ":mystnb:" option went on as ":  code_prompt_show:"
    # lines, which read as the first lines of its code.
    text = (
        "# Hiding\n"
        "\n"
        "```{code-cell} ipython3\n"
        ":tags: [hide-cell]\n"
        ":mystnb:\n"
        ':  code_prompt_show: "My show prompt for {type}"\n'
        "\n"
        'print("hallo world")\n'
        "```\n"
    )
    assert bodies(parse(text, "hiding.md")) == ['```python\nprint("hallo world")\n```']


def test_a_list_table_with_code_fences_in_its_cells_reads_a_record_per_row() -> None:
    # Jupyter Book 1.0's MyST cheat sheet: each row a syntax, an example and a note, the
    # first two code fences, which ran into one line with their fence marks.
    text = (
        "# Headers\n"
        "\n"
        "``````{list-table}\n"
        ":header-rows: 1\n"
        "\n"
        "* - Syntax\n"
        "  - Note\n"
        "* - ```md\n"
        "    # Heading level 1\n"
        "    ```\n"
        "  - Level 1-6 headings, see {ref}`targets <targets>`\n"
        "``````\n"
    )
    assert bodies(parse(text, "cheatsheet.md")) == [
        "Syntax:\n```md\n# Heading level 1\n```\n\nNote: Level 1-6 headings, see targets"
    ]
