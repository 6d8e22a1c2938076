"""MyST Markdown through the Markdown parser: targets, roles, directives, and the examples."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from builder.model import ParsedFile
from builder.parsers import parse_file
from builder.parsers.markdown.front_matter import yaml_substitutions
from builder.parsers.markdown.myst_extensions import myst_extensions
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
        " and <https://x.org>.\n\n"
        # Another project's document reads as its name, not its path or its inventory's name;
        # its front page (index) as the project's, as Sphinx shows that page's title.
        "[](inv:sphinx#usage/configuration), {doc}`sphinx:index`.\n"
    )
    with reading_references(titles, "intro.md"):
        parsed = parse(text, "intro.md")
    assert bodies(parsed) == [
        "The Configuration page; see Build Warnings, suppress_warnings, Sphinx, example.txt, "
        "Roles, gone, `myst_parser.sphinx_ext.main.setup` and https://x.org.\n\n"
        "configuration, sphinx."
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


def test_a_numbered_reference_reads_without_its_number() -> None:
    # jupyter-book 1.0.4's references.md and figures.md: "Custom Figure %s text" read with
    # its "%s", "Figure {number}: {name}" with both. The number is unknown to a page parsed
    # alone; the target's title stands where it would.
    text = (
        "(droid)=\n## A droid\n\n"
        "Here is {numref}`Custom Figure %s text <droid>`, {numref}`Figure {number}: {name} "
        "<droid>`, {numref}`Fig. %s <my-fig-ref>` and {numref}`droid`.\n"
    )
    assert bodies(parse(text, "references.md")) == [
        "Here is Custom Figure A droid text, Figure: A droid, Fig. my fig ref and A droid."
    ]
    rest = parse_rst("Title\n=====\n\nSee :numref:`Table %s <tab-data>`.\n", "t.rst")
    assert bodies(rest) == ["See Table tab-data."]


def test_roles_in_headings_lose_their_backticks() -> None:
    parsed = parse("## The {func}`attrs.define` decorator\n", "x.md")
    assert outline(parsed) == [
        (2, "The attrs.define decorator", (), "the-attrsdefine-decorator", 1, 1)
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
        (2, "your_hook", ("Hooks",), "your-hook", 6, 8),  # :noindex:: no target of its own
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


def test_a_span_between_dollars_holding_a_backtick_is_no_math() -> None:
    # Vue Router 5.2.0's guide/index.md: the dollar in <code v-pre> and the one in the code
    # span after it made one formula, which took the <code> tag's closing partner away: the
    # text read "uses {{ $route.fullPath }}</code>. You can use `$route`".
    text = (
        "# App.vue\n\n"
        "The example above also uses <code v-pre>{{ $route.fullPath }}</code>. You can use"
        " `$route` in your templates.\n\n"
        "With $x_1 * y_2$ inline and ($a$) in `code`.\n"
    )
    assert bodies(parse(text, "guide/index.md")) == [
        "The example above also uses `{{ $route.fullPath }}`. You can use `$route` in your"
        " templates.\n\n"
        "With $x_1 * y_2$ inline and ($a$) in `code`."
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


def test_a_field_named_as_an_emoji_is_a_field_where_conf_py_enables_field_lists() -> None:
    # MyST shows no emoji: with its fieldlist extension ":date: 2024" is a field, as ":Date:"
    # is; only pages of no such project keep a line opening with a shortcode as text.
    text = "# Post\n\n:date: 2024-01-02\n:Author: Ann\n\nText.\n"
    with myst_extensions(("fieldlist",)):
        assert bodies(parse(text, "post.md")) == ["date: 2024-01-02\nAuthor: Ann\n\nText."]
    assert bodies(parse(text, "post.md"))[0].startswith("📅 2024-01-02")


def test_substitutions_under_the_myst_key_are_read() -> None:
    # MyST-Parser's docs (syntax/optional.md) write them under "myst:", as MyST-Parser 1.0
    # reads them: "{{ confpy }}" was the word "confpy", "Inline: {{ key1 }}" was "key1".
    front = (
        "html_meta:\n"
        "  substitutions: not these\n"
        "myst:\n"
        "  html_meta:\n"
        "    description: x\n"
        "  substitutions:\n"
        "    key1: I'm a **substitution**\n"
        "    confpy: sphinx `conf.py` file\n"
        "  other: 1\n"
        "title: T\n"
    )
    assert yaml_substitutions(front) == {
        "key1": "I'm a **substitution**",
        "confpy": "sphinx `conf.py` file",
    }
    page = "# T\n\nInline: {{ key1 }}, in the {{confpy}}.\n"
    parsed = parse(f"---\n{front}---\n{page}", "x.md")
    assert bodies(parsed) == ["Inline: I'm a substitution, in the sphinx `conf.py` file."]


def test_a_substitution_on_a_line_of_its_own_reads_as_the_blocks_of_its_value() -> None:
    # MyST-Parser 5.1.0's syntax/optional.md: "{{ key2 }}" is a literal block scalar holding a
    # {note} fence that names key1; its lines were joined into "```{note} {{ key1 }} ```"
    # (in a table cell too). A value naming itself, or another of several lines, reads as names.
    front = (
        "myst:\n  substitutions:\n    key1: I'm a **substitution**\n"
        "    key2: |\n      ```{note}\n      {{ key1 }}\n      ```\n\n      - one\n        - two\n"
        "    key3: |\n      {{ key3 }} {{ key2 }}\n      again\n"
    )
    assert yaml_substitutions(front)["key2"] == "```{note}\n{{ key1 }}\n```\n\n- one\n  - two"
    page = (
        "# T\n\nBlock level:\n\n{{ key2 }}\n\nInline: {{ key1 }}\n\n{{ key3 }}\n\n"
        "| col1 |\n| --- |\n| {{key2}} |\n"
    )
    parsed = parse(f"---\n{front}---\n{page}", "x.md")
    assert bodies(parsed) == [
        "Block level:\n\nNote: I'm a substitution\n\n- one\n  - two\n\n"
        "Inline: I'm a substitution\n\nkey3 key2 again\n\n"
        "col1\nNote: I'm a substitution - one - two"
    ]


def test_substitutions_are_read_in_place_however_many() -> None:
    # Each entry was given a copy of every line after it (quadratic: 40,000 entries, 1.7 s);
    # a block scalar after thousands of entries is still read whole.
    entries = "".join(f"  k{n}: v{n}\n" for n in range(5000))
    front = f"substitutions:\n{entries}  last: |\n    one\n    two\ntitle: T\n"
    values = yaml_substitutions(front)
    assert len(values) == 5001 and values["k4999"] == "v4999"
    assert values["last"] == "one\ntwo"
