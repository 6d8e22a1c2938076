"""MyST Markdown through the Markdown parser: directives (admonitions, code, cells, eval-rst,
tables, cards, options) and what they leave in a section."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builder.parsers.markdown.flavor import MYSTMD, markdown_flavor
from builder.parsers.markdown.myst_directives import MAX_DIRECTIVE_DEPTH
from builder.parsers.markdown.parser import parse
from builder.parsers.rst.parser import parse as parse_rst
from tests.test_parsers_myst import bodies


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


def test_a_version_notes_content_is_never_read_as_its_argument() -> None:
    # MyST's arguments are the fence line's alone: the content's first lines are not the
    # note's text argument that an indented reST body's are, and a list there stays a list.
    text = "# A\n\n```{versionchanged} 2.0 Renamed.\n- one\n- two\n```\n"
    assert bodies(parse(text, "x.md")) == ["Changed in version 2.0: Renamed.\n\n- one\n- two"]


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


def test_a_code_cell_naming_no_language_is_in_the_kernels() -> None:
    # xarray 2026.9.0's MyST notebooks (user-guide/dask.md: 'kernelspec: name: python3' in the
    # front matter, then '```{code-cell}' with no argument) lost their cells' language.
    cell = "```{code-cell}\nimport xarray as xr\n```\n"
    for kernelspec, language in (
        ("kernelspec:\n  name: python3\n", "python"),
        ("kernelspec:\n  display_name: R\n  language: R\n  name: ir\n", "r"),
        ("kernelspec:\n  name: julia-1.9\n", ""),
        ("title: Plain\n", ""),
    ):
        text = f"---\n{kernelspec}---\n\n# A\n\n{cell}\n:::{{note}}\n{cell}:::\n"
        fence = f"```{language}\nimport xarray as xr\n```"
        assert bodies(parse(text, "x.md")) == [f"{fence}\n\nNote:\n{fence}"]


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


def test_deeply_nested_directives_keep_their_text() -> None:
    depth = MAX_DIRECTIVE_DEPTH + 10
    opening = "".join(":" * (depth + 3 - i) + "{note}\n" for i in range(depth))
    closing = "".join(":" * (i + 4) + "\n" for i in range(depth))
    parsed = parse("# A\n\n" + opening + "deep\n" + closing, "x.md")
    body = parsed.sections[0].body
    assert body.startswith("Note: " * MAX_DIRECTIVE_DEPTH)
    assert body.endswith("deep")
    assert ":::" not in body


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


def test_margin_and_aside_keep_their_title() -> None:
    # sphinx-book-theme 1.4.0 ("```{margin} Paired ipynb files") and Jupyter Book 2.1.7
    # (mystmd's ":::{margin} The MyST Sandbox is great...") title their margin notes.
    text = (
        "# A\n\n"
        "```{margin} **Notes** in margins\nA note.\n```\n\n"
        ":::{aside} An aside\nIts text.\n:::\n\n"
        ":::{margin}\nUntitled.\n:::\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Notes in margins\n\nA note.\n\nAn aside\n\nIts text.\n\nUntitled."
    ]


def test_mystmd_cards_keep_their_header_and_footer_options() -> None:
    # Jupyter Book 2.1.7's install page heads each card's command with ":header: Install
    # with [`uv`][uv]"; its index ends each card with ":footer: Install Jupyter Book »".
    text = (
        "# A\n\n"
        ":::{card} Title\n:header: Install with [`uv`][uv]\n:footer: Read *more* »\n\n"
        "```shell\nuv add x\n```\n:::\n\n"
        "[uv]: https://example.org/uv\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Install with `uv`\n\nTitle\n\n```shell\nuv add x\n```\n\nRead more »"
    ]


def test_a_code_blocks_filename_option_is_shown_above_it() -> None:
    # Jupyter Book 2.1.7 (mystmd) names the file of 41 examples ":filename: myst.yml".
    text = (
        "# A\n\n"
        "```{code} yaml\n:filename: my_config/myst.yml\n:caption: The *new* file.\n\n"
        "version: 1\n```\n\n"
        "```{code-block} python\n:filename: false\nx = 1\n```\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "my_config/myst.yml\n\nThe new file.\n\n```yaml\nversion: 1\n```\n\n```python\nx = 1\n```"
    ]


def test_exercises_solutions_and_theorems_are_headed_by_kind_and_title() -> None:
    # sphinx-exercise 1.2.1's syntax page: "```{exercise} $n!$ Factorial" lost its title, and
    # its exercises and solutions ran together as untold paragraphs.
    text = (
        "# A\n\n"
        "```{exercise} $n!$ *Factorial*\n:label: nf\n\nWrite it.\n```\n\n"
        "```{solution} nf\nHere.\n```\n\n"
        ":::{prf:theorem} Pythagoras\n:label: thm\nA theorem.\n:::\n\n"
        "```{exercise-start}\n```\nGated.\n```{exercise-end}\n```\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Exercise ($n!$ Factorial): Write it.\n\nSolution: Here.\n\n"
        "Theorem (Pythagoras): A theorem.\n\nExercise\n\nGated."
    ]
    rst = "T\n=\n\n.. prf:proof::\n\n   Trivial.\n\n.. exercise:: Title\n\n   Do it.\n"
    assert bodies(parse_rst(rst, "x.rst")) == ["Proof: Trivial.\n\nExercise (Title): Do it."]


def test_in_a_mystmd_book_a_notes_argument_is_its_title() -> None:
    # Jupyter Book 2.1.7 titles 26 notes (":::{note} Goals and prerequisites"); mystmd shows
    # the argument as the title, where MyST-Parser reads it as the note's first words.
    text = (
        "# A\n\n:::{note} Goals and prerequisites\n**Goals**: learn.\n:::\n\n"
        ":::{seealso} Never used it?\n:class: dropdown\n\nIt is thin.\n:::\n\n"
        ":::{tip}\nNo title.\n:::\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Note: Goals and prerequisites Goals: learn.\n\nSee also: Never used it? It is thin."
        "\n\nTip: No title."
    ]
    with markdown_flavor(MYSTMD):
        assert bodies(parse(text, "x.md")) == [
            "Goals and prerequisites: Goals: learn.\n\nNever used it? It is thin.\n\nTip: No title."
        ]


def test_a_myst_demo_keeps_its_source_then_what_it_renders() -> None:
    # Jupyter Book 2.1.7's authoring pages show 7 pieces of MyST with mystmd's {myst}, whose
    # source was dropped; a heading in a demo heads no section of the page.
    text = (
        "# A\n\n"
        "````{myst}\n### Level 3\n\n:::{figure} pic.png\n:align: right\n\nA *caption*.\n:::\n"
        "````\n\nAfter.\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "```markdown\n### Level 3\n\n:::{figure} pic.png\n:align: right\n\nA *caption*.\n:::\n```"
        "\n\nLevel 3\n\nA caption.\n\nAfter."
    ]


def test_myst_demos_nested_hundreds_deep_stop_at_the_directive_depth() -> None:
    # Each demo read its content one level down without counting it: 500 demos nested (each
    # fence a colon longer than the one inside it) ended in a RecursionError, the page lost.
    depth = 500
    text = "# A\n\n" + "".join(":" * (3 + depth - level) + "{myst}\n" for level in range(depth))
    text += "inner\n" + "".join(":" * (4 + level) + "\n" for level in range(depth))
    parsed = parse(text, "x.md")
    body = "\n\n".join(bodies(parsed))
    assert body.startswith("```markdown\n" + ":" * (2 + depth) + "{myst}")
    assert "inner" in body
    # Each level shows its source again: at most once per level a directive may nest.
    assert len(body) < (MAX_DIRECTIVE_DEPTH + 2) * len(text)


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


def test_a_project_directive_keeps_its_caption_as_the_page_s_markdown() -> None:
    # python-statemachine 3.2.2: its own '{statemachine-diagram}' draws a class's diagram with
    # a caption under it ('After payment', 'from_.any()'); the 50 captions were lost, and a
    # caption read as reST lost the underscore of 'from_' to a reference.
    text = (
        "# Diagrams\n\n"
        "```{statemachine-diagram} shop.OrderControl\n:events: pay\n"
        ":caption: After *payment* with from_.any()\n```\n\n"
        "```{unknown-box}\n:caption: Boxed\nIts content.\n```\n"
    )
    assert bodies(parse(text, "diagram.md")) == [
        "`shop.OrderControl`\n\nAfter payment with from_.any()\n\nIts content.\n\nBoxed"
    ]


def test_a_graphviz_diagram_keeps_only_its_caption() -> None:
    text = "# Flow\n\n```{graphviz}\n:caption: The *flow* of from_\n\ndigraph { a -> b }\n```\n"
    assert bodies(parse(text, "flow.md")) == ["The flow of from_"]


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


def test_a_mermaid_directive_is_kept_as_its_diagram_source() -> None:
    # structlog's standard-library.md: three ```{mermaid} diagrams were dropped, options and all.
    text = (
        "# A\n\nBefore.\n\n```{mermaid}\n:align: center\n\nflowchart TD\n    A --> B\n```\n\n"
        "After.\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Before.\n\n```mermaid\nflowchart TD\n    A --> B\n```\n\nAfter."
    ]


def test_a_mermaid_diagram_read_from_a_file_leaves_no_empty_code_block() -> None:
    # nextflow's developer pages: '```{mermaid} diagrams/nextflow.plugin.mmd' closed on the
    # next line showed an empty mermaid code block on 22 pages.
    text = "# A\n\nBefore.\n\n```{mermaid} diagrams/flow.mmd\n```\n\nAfter.\n"
    assert bodies(parse(text, "x.md")) == ["Before.\n\nAfter."]


def test_a_doctest_fence_given_hide_is_not_shown() -> None:
    text = (
        "# A\n\nSetup:\n\n```{doctest}\n:hide:\n\n>>> import requests\n```\n\n"
        "```{doctest}\n>>> 1 + 1\n2\n```\n\n```{testcode}\n:hide:\n\nx = 1\n```\n"
    )
    assert bodies(parse(text, "x.md")) == ["Setup:\n\n```pycon\n>>> 1 + 1\n2\n```"]


def test_a_glossary_fences_terms_are_sections_and_the_page_resumes_after_it() -> None:
    # attrs 25.3.0's glossary.md: ':::{glossary}' over its terms; the page's footnotes after
    # the fence are the page's, not its last term's.
    text = (
        "# Glossary\n\n:::{glossary}\n"
        "dunder methods\n  Methods like `__init__`.\n\n"
        "slotted classes\n  A class with *no* `__dict__`.\n:::\n\n"
        "After the glossary.\n"
    )
    sections = parse(text, "glossary.md").sections
    assert [(s.heading, s.anchor, s.kind, s.body) for s in sections] == [
        ("Glossary", "glossary", "text", "After the glossary."),
        ("dunder methods", "term-dunder-methods", "text", "Methods like `__init__`."),
        ("slotted classes", "term-slotted-classes", "text", "A class with no `__dict__`."),
    ]


def test_a_comment_in_a_glossary_fence_is_no_term() -> None:
    # The fence's content is read by Sphinx's Glossary.run, which skips a '.. ' line at the
    # margin and the lines indented under it; it was a term swallowing the next as a synonym.
    text = "# G\n\n```{glossary}\n.. start of the terms\n\nalpha\n  A.\n```\n"
    sections = parse(text, "glossary.md").sections
    assert [(s.heading, s.body) for s in sections][1:] == [("alpha", "A.")]


def test_a_sorted_glossary_fences_terms_keep_their_own_lines() -> None:
    # Plone's glossaries are '{glossary}' fences given ':sorted:': each term's section ran to
    # the line before the next one shown, so the last shown took the whole fence and the
    # others lost their definitions.
    text = "# G\n\n```{glossary}\n:sorted:\n\nzeta\n  Z.\n\nalpha\n  A.\n\nmid\n  M.\n```\n"
    lines = text.split("\n")
    sections = parse(text, "glossary.md").sections
    assert [(s.heading, lines[s.line_start - 1 : s.line_end]) for s in sections][1:] == [
        ("alpha", ["alpha", "  A."]),
        ("mid", ["mid", "  M.", "```"]),  # the fence's end, as its last written term's
        ("zeta", ["zeta", "  Z."]),
    ]


def test_a_pages_glossary_fences_number_their_terms_through_the_page() -> None:
    # Sphinx numbers the terms it can make no id of through the page, not afresh per glossary:
    # the second fence's '>>>' shared the first's #term-0.
    text = "# G\n\n```{glossary}\n>>>\n  A.\n```\n\n## H\n\n```{glossary}\n>>>\n  B.\n```\n"
    sections = parse(text, "glossary.md").sections
    assert [(s.body, s.anchor) for s in sections if s.heading == ">>>"] == [
        ("A.", "term-0"),
        ("B.", "term-1"),
    ]


def test_a_sorted_glossary_sorts_a_code_term_under_its_letter() -> None:
    # Sphinx sorts by the term's text; the backticks of Plone's '`nvm`' put it and the other
    # code terms above 'Accept Header', first of the page's 168.
    text = "# G\n\n```{glossary}\n:sorted:\n\n`nvm`\n  N.\n\nAjax\n  A.\n\nzope\n  Z.\n```\n"
    assert [s.heading for s in parse(text, "glossary.md").sections][1:] == [
        "Ajax",
        "`nvm`",
        "zope",
    ]


def test_the_text_after_many_description_fences_is_moved_in_linear_time() -> None:
    # Each fence's following text goes before its descriptions
    # (markdown.page_events.resumed_after_fences). That scanned and inserted into everything
    # read so far at each fence: quadratic, 2,000 fences 0.5 s and 40,000 minutes. The
    # subprocess's timeout guards against the hang; it is no timing (40,000 fences take well
    # under a second now).
    script = (
        "from builder.parsers.markdown.page_events import FenceEnd, PageHeading, PageText\n"
        "from builder.parsers.markdown.page_events import resumed_after_fences\n"
        "events = []\n"
        "for i in range(40_000):\n"
        "    events += [PageHeading(2, f'f{i}', f'f{i}', 3 * i, kind='api'),\n"
        "               PageText(f'Does {i}.', 3 * i), FenceEnd(1, 3 * i + 1),\n"
        "               PageText(f'After {i}.', 3 * i + 2)]\n"
        "out = resumed_after_fences(events)\n"
        "assert [e.text for e in out[:4]] == ['After 0.', 'f0', 'Does 0.', 'After 1.'], out[:4]\n"
        "assert out[1].last == 1 and len(out) == 120_000\n"
    )
    subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True,
        cwd=Path(__file__).parent.parent,
    )  # fmt: skip
