"""HTML in Markdown pages: HTML headings and their ids, HTML blocks read as their text, a lone
anchor naming the heading below it (builder.parsers.markdown.embedded_html), and Python-Markdown's
idioms read as MkDocs shows them: md_in_html elements and children marked markdown, abbreviation
definitions, HTML tables row by row, and a logo over the title."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builder.parsers.markdown.parser import parse
from tests.test_parsers_markdown import bodies, outline


def test_markdown_right_under_an_element_marked_markdown_is_markdown() -> None:
    # Material's <figure markdown="span"> holds the image on the next line: CommonMark read the
    # lines up to the blank one as raw HTML and kept "![Shot](shot.png){ width=... }" as text.
    text = (
        "# Shots\n\n"  # 1-2
        '<figure markdown="span">\n'  # 3
        '  ![The dashboard](shot.png){ width="300" }\n'
        "  <figcaption>Live metrics</figcaption>\n"
        "</figure>\n\n"
        '<div class="result" markdown>\n'  # 8
        "- **bold** item\n"
        "</div>\n\n"
        '<div markdown="0">\n**raw**\n</div>\n\n'  # 12: markdown="0" keeps raw HTML
        "```html\n<div markdown>\n**code**\n</div>\n```\n\n"  # 16: code stays code
        "## Next\n"  # 22
    )
    parsed = parse(text, "shots.md")
    assert outline(parsed) == [
        (1, "Shots", (), "shots", 1, 20),
        (2, "Next", ("Shots",), "next", 22, 22),
    ]
    assert parsed.sections[0].body == (
        "The dashboard\n\nLive metrics\n\n- bold item\n\n**raw**\n\n"
        "```html\n<div markdown>\n**code**\n</div>\n```"
    )


def test_a_child_marked_markdown_on_one_line_reads_as_markdown() -> None:
    # md_in_html reads the text of a child marked markdown (a caption, a summary) as Markdown,
    # and keeps an unmarked child's raw, as the page shows it.
    text = (
        "# Shots\n\n"  # 1-2
        '<figure markdown="span">\n'  # 3
        "  ![The dashboard](shot.png)\n"
        '  <figcaption markdown="span">The **new** `dashboard`</figcaption>\n'  # 5
        "</figure>\n\n"
        "<details markdown>\n"  # 8
        "<summary markdown>Why *this* way?</summary>\n"
        "<summary>Kept **raw**</summary>\n\n"
        "Because.\n"  # 12
        "</details>\n\n"
        "## Next\n"  # 15
    )
    parsed = parse(text, "shots.md")
    assert outline(parsed) == [
        (1, "Shots", (), "shots", 1, 13),
        (2, "Next", ("Shots",), "next", 15, 15),
    ]
    assert parsed.sections[0].body == (
        "The dashboard\n\nThe new `dashboard`\n\nWhy this way?\n\nKept **raw**\n\nBecause."
    )


def test_abbreviation_definitions_show_nothing() -> None:
    # Python-Markdown's abbr (in pymdownx.extra, and in glossaries the snippets' auto_append
    # adds to every page): "*[HTML]: ..." lines define tooltips and were kept as raw text.
    text = (
        "# Glossary\n\n"
        "The API speaks HTML.\n\n"
        "*[API]: Application Programming Interface\n"
        "*[HTML]: Hyper Text Markup Language\n\n"
        "Tail text.\n"
        "*[CLI]: Command Line Interface\n\n"
        "A *[star]: in the middle of a line stays.\n"
    )
    assert bodies(parse(text, "glossary.md")) == [
        "The API speaks HTML.\n\nTail text.\n\nA *[star]: in the middle of a line stays."
    ]


def test_an_html_table_reads_row_by_row() -> None:
    # Each cell was a line of its own, so a value no longer sat beside the option it belongs to.
    text = (
        "# Options\n\n<table>\n"
        "  <tr><th>Option</th><th>Default</th></tr>\n"
        "  <tr>\n    <td><code>timeout</code></td>\n    <td>5.0<br>seconds</td>\n  </tr>\n"
        "  <tr><td>retries</td><td>3</td></tr>\n</table>\n\n"
        "<div>\n<p>One</p>\n<p>Two</p>\n</div>\n"
    )
    assert bodies(parse(text, "options.md")) == [
        "Option | Default\ntimeout | 5.0 seconds\nretries | 3\n\nOne\nTwo"
    ]


def test_a_logo_above_the_title_is_no_section() -> None:
    # HTTPX's index.md: a centred logo whose alt text is the title, then <h1>HTTPX</h1>.
    text = (
        '<p align="center">\n  <img src="logo.png" alt="HTTPX">\n</p>\n\n'
        "<h1>HTTPX</h1>\n\nA next-generation HTTP client.\n"
    )
    assert [(s.heading, s.anchor, s.body) for s in parse(text, "index.md").sections] == [
        ("HTTPX", "httpx", "A next-generation HTTP client.")
    ]
    kept = parse('<img src="chart.png" alt="Fast">\n\n# HTTPX\n\nText.\n', "index.md")
    assert [(s.heading, s.anchor, s.body) for s in kept.sections] == [
        ("HTTPX", "top", "Fast"),
        ("HTTPX", "httpx", "Text."),
    ]


def test_a_banner_over_the_page_titles_nothing() -> None:
    # fastify 5.2.1 sets <h1 align="center">Fastify</h1> over every page's own heading.
    text = '<h1 align="center">Fastify</h1>\n\n## Hooks\n\nHooks are registered.\n'
    parsed = parse(text, "Reference/Hooks.md")
    assert parsed.title == "Hooks"
    assert outline(parsed) == [(2, "Hooks", (), "hooks", 3, 5)]
    logo = parse('<h1><img src="logo.svg" alt="Logo"></h1>\n\n# Guide\n\nText.\n', "guide.md")
    assert (logo.title, outline(logo)) == ("Guide", [(1, "Guide", (), "guide", 3, 5)])
    # A centred heading with text under it is the page's title (fastify's Serverless.md).
    kept = parse('<h1 align="center">Serverless</h1>\n\nRun it.\n\n## Setup\n\nDo.\n', "s.md")
    assert kept.title == "Serverless"
    assert [s.heading for s in kept.sections] == ["Serverless", "Setup"]


def test_a_readme_s_centred_heading_is_its_title() -> None:
    # A README opens with the project's name, centred, often over badges only (which read as
    # nothing) and its "## Install": left out as fastify's banner is, the page was titled
    # "README" and its sections lost the name above them.
    text = (
        '<h1 align="center">Acme</h1>\n\n'
        "[![pypi](https://img.shields.io/pypi/v/acme.svg)](https://pypi.example/acme)\n\n"
        "## Install\n\npip install acme\n"
    )
    parsed = parse(text, "README.md")
    assert parsed.title == "Acme"
    assert [(s.heading, s.heading_path) for s in parsed.sections] == [
        ("Acme", ()),
        ("Install", ("Acme",)),
    ]


def test_html_headings_with_ids_and_nested_tags() -> None:
    text = (
        '<h1 align="center">\n'  # 1
        '  <img src="logo.png" alt="Logo" width="100"><br>\n'
        "  My <b>Project</b>\n"
        "</h1>\n"
        '<p align="center">A <a href="https://x">fast</a> tool.</p>\n'  # 5
        "\n"
        '<h2 id="install">Install &amp; <code>setup</code></h2>\n'  # 7
        "\n"
        "Run it.\n"  # 9
    )
    parsed = parse(text, "README.md")
    assert parsed.title == "My Project"
    assert outline(parsed) == [
        (1, "My Project", (), "my-project", 1, 5),
        (2, "Install & setup", ("My Project",), "install", 7, 9),
    ]
    assert bodies(parsed) == ["A fast tool.", "Run it."]


def test_html_blocks_keep_text_and_drop_tags() -> None:
    text = (
        "# Badges\n"
        "\n"
        '<p align="center">\n'
        '  <img src="a.svg" alt="PyPI version">\n'
        "  <!-- a comment -->\n"
        "</p>\n"
        "<div><script>var x = '<b>';</script>Text &lt;kept&gt;</div>\n"
    )
    parsed = parse(text, "x.md")
    assert bodies(parsed) == ["PyPI version\nText <kept>"]


def test_a_vue_element_repeated_over_data_shows_nothing() -> None:
    # Vite's acknowledgements.md lists its dependencies from loaded data: the section read
    # "{{ dep.name }}\nRepo\nSponsor\nby {{ dep.author }}\n{{ dep.description }}".
    text = (
        "# Thanks\n\nVite depends on these projects:\n\n"
        '<div class="deps">\n'
        '  <div v-for="dep in data.deps" :key="dep.name" class="dep">\n'
        '    <div class="head"><code>{{ dep.name }}</code></div>\n'
        '    <p v-if="dep.author">by {{ dep.author }}</p>\n'
        "  </div>\n"
        "  <p>Listed from package.json.</p>\n"
        "</div>\n\n"
        "<table>\n  <tr><th>Author</th><th>Packages</th></tr>\n"
        '  <tr v-for="author in data.authors"><td>{{ author.name }}</td><td></td></tr>\n'
        '  <tr><td><span v-for="n in 3" /></td><td>Kept</td></tr>\n</table>\n'
    )
    assert bodies(parse(text, "thanks.md")) == [
        "Vite depends on these projects:\n\nListed from package.json.\n\nAuthor | Packages\n| Kept"
    ]


def test_an_image_repeated_over_data_drops_only_itself() -> None:
    # An <img> has no end tag: a v-for on one skipped the rest of its HTML block, waiting for
    # an </img> that never came (attackY's finding on b487c70).
    text = (
        "# Sponsors\n\n"
        '<div class="sponsors">\n'
        '  <img v-for="s in sponsors" :src="s.img" :alt="s.name">\n'
        "  <p>Thanks to every sponsor.</p>\n"
        "</div>\n"
    )
    assert bodies(parse(text, "sponsors.md")) == ["Thanks to every sponsor."]


def test_a_lone_html_anchor_names_the_heading_below_it() -> None:
    # Pino 10.4.0's api.md marks 120 headings so, and its pages link "api.md#opt-mixin": the
    # sections were anchored by slugs of their headings ("mixin-function").
    text = (
        "# API\n\nIntro.\n\n"
        '<a id="opt-mixin"></a>\n#### `mixin` (Function):\n\nMixes.\n\n'
        "<a id=export></a>\n\n## `pino()`\n\nBuilds.\n\n"
        '<a id="loose"></a>\n\nA paragraph, then a heading.\n\n## Next\n\nText.\n'
    )
    assert [(s.heading, s.anchor, s.body) for s in parse(text, "api.md").sections] == [
        ("API", "api", "Intro."),
        ("mixin (Function):", "opt-mixin", "Mixes."),
        ("pino()", "export", "Builds.\n\nA paragraph, then a heading."),
        ("Next", "next", "Text."),  # an anchor above a paragraph names nothing
    ]


def test_long_lines_opening_tags_that_never_close_are_read_in_linear_time() -> None:
    """A tag's name and its attributes could both take the letters after '<', so a line
    '<aaaa...' with no '>' was tried at every split of it: a paragraph of 250 such lines of
    2,000 letters took 38 s in an MDX page. The subprocess's timeout guards against that hang
    (500 lines of 4,000 letters: several minutes before); it is no timing."""
    script = (
        "from builder.parsers.markdown.parser import parse\n"
        "text = '# A\\n\\n' + ('<' + 'a' * 4_000 + '\\n') * 500 + '\\nEnd <b>x</b>.\\n'\n"
        "for name in ('x.mdx', 'x.md'):\n"
        "    body = parse(text, name).sections[0].body\n"
        "    print(body.count('<a'), body.endswith('\\n\\nEnd x.'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split("\n")[:2] == ["500 True", "500 True"]


def test_many_unclosed_jsx_comments_are_read_in_linear_time() -> None:
    """Each '{/*' with no '*/}' after it looked for one through the rest of the text: an MDX
    paragraph of 250 lines of 400 '{/*' took minutes. The subprocess's timeout guards
    against that hang; it is no timing."""
    script = (
        "from builder.parsers.markdown.parser import parse\n"
        "text = '# A\\n\\n' + ('{/*' * 400 + '\\n') * 250 + '\\nKeep {/* gone */} this.\\n'\n"
        "body = parse(text, 'x.mdx').sections[0].body\n"
        "print(body.count('{/*'), body.endswith('\\n\\nKeep this.'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split("\n")[:1] == ["100000 True"]


def test_a_pipe_an_html_table_cell_shows_is_written_escaped() -> None:
    # A row reads as its cells joined by " | ": Qwik 2.0.0-beta.40's API reference types a
    # property "string | null" in one cell, which read as two ("string | null |").
    text = (
        "# A\n\n<table><tr><th>Property</th><th>Type</th><th>Description</th></tr>\n"
        "<tr><td>previousSymbol?</td><td>string &#124; null</td><td>The last one.</td></tr>\n"
        "</table>\n"
    )
    assert bodies(parse(text, "a.md")) == [
        "Property | Type | Description\npreviousSymbol? | string \\| null | The last one."
    ]


def test_hugging_face_doc_builder_options_keep_their_ids_as_labels() -> None:
    # PEFT's model merging guide shows TIES and DARE as <hfoption id="TIES"> tabs: their code
    # ran together, neither method named.
    text = (
        "# Merge\n\n"
        '<hfoptions id="merge-method">\n<hfoption id="TIES">\n\n```py\nties()\n```\n\n'
        '</hfoption>\n<hfoption id="DARE">\n\n```py\ndare()\n```\n\n'
        "</hfoption>\n</hfoptions>\n\n"
        '<select><option value="a" id="b">Alpha</option></select>\n'
    )
    assert bodies(parse(text, "merging.md")) == [
        "TIES:\n\n```py\nties()\n```\n\nDARE:\n\n```py\ndare()\n```\n\nAlpha"
    ]
