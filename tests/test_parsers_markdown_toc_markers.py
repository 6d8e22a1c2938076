"""Generated tables of contents and their markers are left out of a Markdown page's text."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from builder.parsers.markdown.parser import parse

DOCTOC = (
    "<!-- START doctoc generated TOC please keep comment here to allow auto update -->\n"
    "<!-- DON'T EDIT THIS SECTION, INSTEAD RE-RUN doctoc TO UPDATE -->\n"
    "**Table of Contents**  *generated with [DocToc](https://github.com/thlorenz/doctoc)*\n"
    "\n"
    "- [Install](#install)\n"
    "\n"
    "<!-- END doctoc generated TOC please keep comment here to allow auto update -->"
)


def intro(marker: str) -> str:
    page = parse(f"# Title\n\n{marker}\n\nIntro text.\n\n## Install\n\nBody.\n", "p.md")
    assert [s.heading for s in page.sections] == ["Title", "Install"]
    return page.sections[0].body


@pytest.mark.parametrize(
    "marker",
    [
        "[[toc]]",  # VuePress, GitLab
        "[TOC]",  # Python-Markdown's toc extension, Typora
        "[[_TOC_]]",  # Azure DevOps
        "{:toc}",
        "* TOC\n{:toc}",  # kramdown (Jekyll)
        "1. This list is replaced by the table\n{: toc }",
        "<!-- toc -->\n- [Install](#install)\n  - [pip](#pip)\n<!-- tocstop -->",  # markdown-toc
        # VS Code's Markdown TOC (node-fetch 3.3.2's README), and a label above a table (nock's)
        "<!-- TOC -->\n\n- [Install](#install)\n- [Use](#use)\n\n<!-- /TOC -->",
        "**Table of Contents**\n\n<!-- toc -->\n\n- [Install](#install)\n\n<!-- tocstop -->",
        DOCTOC,
        "{{< toc >}}",  # Hugo
    ],
)
def test_a_generated_table_of_contents_is_left_out(marker: str) -> None:
    assert intro(marker) == "Intro text."


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("See [toc] and [[toc]] here.", "See [toc] and [[toc]] here.\n\nIntro text."),
        ("```\n[[toc]]\n```", "```\n[[toc]]\n```\n\nIntro text."),
        ("- [Install](#install)\n- TOC", "- Install\n- TOC\n\nIntro text."),
        # Without its closing comment, only the marker goes: the list may be the page's own.
        ("<!-- toc -->\n- [Install](#install)", "- Install\n\nIntro text."),
        ("[toc]\n\n[toc]: https://example.org/toc", "toc\n\nIntro text."),
    ],
)
def test_a_marker_in_text_a_code_block_or_a_link_is_kept(text: str, body: str) -> None:
    assert intro(text) == body


def test_an_unclosed_opening_comment_does_not_reach_past_the_next_table() -> None:
    # The tocstop closes the second table; the first opener, left unclosed, drops only itself.
    # Before, its search ran on to that tocstop and dropped "Kept." with it, and a page of
    # unclosed openers was searched to its end from each (100 KB: 5 s; 200 KB: 33 s).
    text = "<!-- toc -->\n\nKept.\n\n<!-- toc -->\n\n- [Install](#install)\n\n<!-- tocstop -->"
    assert intro(text) == "Kept.\n\nIntro text."
    page = parse("<!-- toc -->\n\nText.\n\n" * 3, "p.md")
    assert page.sections[0].body == "Text.\n\nText.\n\nText."


# fastify's Reply.md opens so: a list of links to its own headings, written by hand.
WRITTEN_TOC = (
    "**Table of contents**\n"
    "- [Introduction](#introduction)\n"
    "- [Methods](#methods)\n"
    "  - [.redirect(dest, [code])](#redirectdest-code)\n"
    "  - [destination\\[Symbol.for('pino.metadata')\\]](#metadata)\n"
    "  - [new Response([body[, options]])](#new-responsebody-options)\n"
    # node-fetch's sublist indented with tabs, which markdown-it reads as the item's lines
    "- [Team](#team)\n  \t\t\t- [Former](#former)\n"
)


@pytest.mark.parametrize(
    ("first", "below"),
    [
        ("introduction", "## Introduction"),  # the heading below the list
        ("intro", '<a id="intro"></a>\n\n## Introduction'),  # its lone anchor
        ("reply", "## Introduction"),  # the heading above the list
    ],
)
def test_a_written_table_of_contents_is_left_out_with_its_label(first: str, below: str) -> None:
    toc = WRITTEN_TOC.replace("#introduction", f"#{first}")
    text = f"# Reply\n\nIntro.\n\n{toc}\n{below}\n\nText.\n\n## Methods\n\nMore.\n"
    assert [s.body for s in parse(text, "p.md").sections] == ["Intro.", "Text.", "More."]


@pytest.mark.parametrize(
    "toc",
    [
        # Mongoose's guides open with one; the Best-README-Template folds it in a <details>.
        '<ul class="toc">\n  <li><a href="#introduction">Introduction</a></li>\n'
        '  <li><a href="#methods">The <code>save()</code> method</a></li>\n</ul>',
        "<details>\n  <summary>Table of Contents</summary>\n  <ol>\n    <li>\n"
        '      <a href="#introduction">Introduction</a>\n      <ul>\n'
        '        <li><a href="#methods">Methods</a></li>\n      </ul>\n    </li>\n  </ol>\n'
        "</details>",
    ],
)
def test_a_table_of_contents_written_in_html_is_left_out(toc: str) -> None:
    text = f"# Reply\n\nIntro.\n\n{toc}\n\n## Introduction\n\nText.\n\n## Methods\n\nMore.\n"
    assert [s.body for s in parse(text, "p.md").sections] == ["Intro.", "Text.", "More."]


@pytest.mark.parametrize(
    "bar",
    [
        # superstruct 2.0.2's README under its banner; slate's and many READMEs' in Markdown.
        '<p align="center">\n  <a href="#introduction">Introduction</a> •\n'
        '  <a href="#methods">Methods</a>\n</p>',
        "[Introduction](#introduction) · [Methods](#methods) | [Why?](#why)",
    ],
)
def test_a_bar_of_links_to_places_on_the_page_is_left_out(bar: str) -> None:
    text = f"# Reply\n\nIntro.\n\n{bar}\n\n## Introduction\n\nText.\n\n## Methods\n\nMore.\n"
    assert [s.body for s in parse(text, "p.md").sections] == ["Intro.", "Text.", "More."]
    # Links in a sentence are its words.
    text = text.replace(bar, "See [Introduction](#introduction) and [Methods](#methods).")
    assert parse(text, "p.md").sections[0].body == "Intro.\n\nSee Introduction and Methods."


@pytest.mark.parametrize(
    "toc",
    [
        '<ul>\n<li><a href="#introduction">Introduction</a> first</li>\n'
        '<li><a href="#methods">Methods</a></li>\n</ul>',
        '<ul>\n<li><a href="#introduction">Introduction</a></li>\n'
        '<li><a href="https://example.org/methods">Methods</a></li>\n</ul>',
        '<details>\n<summary>Examples</summary>\n<ul>\n<li><a href="#introduction">A</a></li>\n'
        '<li><a href="#methods">B</a></li>\n</ul>\n</details>',
    ],
)
def test_an_html_list_that_is_not_only_a_table_of_contents_is_kept(toc: str) -> None:
    text = f"# Reply\n\nIntro.\n\n{toc}\n\n## Introduction\n\nText.\n\n## Methods\n\nMore.\n"
    assert parse(text, "p.md").sections[0].body != "Intro."


@pytest.mark.parametrize(
    "items",
    [
        # pino's "Pino v7+ Compatible": the only place that says which transports are.
        "- [pino-loki](#pino-loki)\n- [pino-pretty](#pino-pretty)",
        "- [Install](#install) first\n- [Usage](#usage)",
        "- [Install](#install)\n- [Docs](https://example.org/docs)",
        "- [Install](#install)",
    ],
)
def test_a_list_of_links_that_is_not_a_table_of_contents_is_kept(items: str) -> None:
    text = f"# Title\n\n{items}\n\n## Install\n\nBody.\n\n## Usage\n\n## pino-loki\n\nLoki.\n"
    body = parse(text, "p.md").sections[0].body
    assert body.startswith("- ") and len(body.splitlines()) == 2 - ("\n" not in items)


@pytest.mark.parametrize(
    "link",
    [
        "[back to top](#table-of-contents)",  # request 2.88.2's README, after each section
        '<p align="right">(<a href="#readme-top">back to top</a>)</p>',
        "**[⬆ Back to Top](#table-of-contents)**",
        "**[[⬆]](#table-of-contents)**",
        '<div align="right"><a href="#top">↑ Go to the top of the page</a></div>',
    ],
)
def test_a_link_back_to_the_top_is_left_out(link: str) -> None:
    assert intro(f"Kept.\n\n{link}") == "Kept.\n\nIntro text."


@pytest.mark.parametrize(
    "text",
    [
        "[Back to top](https://example.org/#top)",  # a link to another page
        "Back to top",
        "Go back to top of the [list](#list) and read it.",
        "[Top](#top)",
    ],
)
def test_a_sentence_or_a_link_elsewhere_about_the_top_is_kept(text: str) -> None:
    assert intro(text) != "Intro text."


def test_a_table_reaches_the_heading_it_names_across_a_few_blocks_only() -> None:
    # fastify's Hooks.md puts a note between its table and the heading the table names first.
    toc = "- [onRequest](#onrequest)\n- [onSend](#onsend)\n\n"
    near = f"# Hooks\n\nIntro.\n\n{toc}> Note: async.\n\n## onRequest\n\nText.\n"
    assert [s.body for s in parse(near, "p.md").sections] == ["Intro.\n\n> Note: async.", "Text."]
    # Far from it (past builder.parsers.markdown.toc_markers._TOC_REACH blocks), it is a list.
    far = near.replace("> Note: async.\n\n", "Para.\n\n" * 20)
    assert parse(far, "p.md").sections[0].body.startswith("Intro.\n\n- onRequest\n- onSend")


@pytest.mark.parametrize(
    "intro",
    [
        "These methods are deprecated and go in v5:",
        # pyparsing's examples README, its categories under a VS Code Markdown TOC comment
        "They fall into a few general categories:\n\n<!-- TOC -->",
        "**Deprecated:**",
    ],
)
def test_a_list_of_links_a_sentence_leads_into_is_kept(intro: str) -> None:
    # A sentence that ends in a colon says what the links are: without them it says nothing.
    text = f"# API\n\n{intro}\n\n- [foo](#foo)\n- [bar](#bar)\n\n## foo\n\nFoo.\n\n## bar\n\nBar.\n"
    body = parse(text, "p.md").sections[0].body
    assert body.endswith(":\n\n- foo\n- bar") or body.endswith(":**\n\n- foo\n- bar"), body


@pytest.mark.parametrize("label", ["In this document:", "**Jump to:**", "Quick links:"])
def test_a_label_that_ends_in_a_colon_goes_with_the_table(label: str) -> None:
    text = f"# API\n\nIntro.\n\n{label}\n\n- [foo](#foo)\n- [bar](#bar)\n\n## foo\n\nFoo.\n"
    assert parse(text, "p.md").sections[0].body == "Intro."


def test_a_trail_of_links_above_the_title_is_left_out() -> None:
    # typedoc-plugin-markdown 4 opens every page so (agentfootprint's 509 reference pages):
    # a section "agentfootprint\n\nagentfootprint / Agent" over each page's title.
    text = (
        "[**agentfootprint**](../README.md)\n\n***\n\n"
        "[agentfootprint](../README.md) / [core](../core.md) / Agent\n\n"
        "# Class: Agent\n\nRuns a loop.\n\n"
        "See [Agent](Agent.md) / [Loop](Loop.md) for more.\n\n"
        "[core](../core.md) / Agent\n"
    )
    page = parse(text, "classes/Agent.md")
    assert [(s.heading, s.body) for s in page.sections] == [
        (
            "Class: Agent",
            "Runs a loop.\n\nSee Agent / Loop for more.\n\ncore / Agent",
        )
    ]


@pytest.mark.parametrize(
    "header",
    [
        "[**API Documentation**](../../index.md) • **Docs**",
        "**API Documentation** • **Docs**",
        "**pinia v3.0.0** • [**Docs**](../globals.md)",
    ],
)
def test_typedoc_markdown_4_header_with_its_docs_label_is_left_out(header: str) -> None:
    # pinia's 101 API pages (typedoc-plugin-markdown 4) open with such a header over a rule;
    # each read as a section "API Documentation • Docs" above the page's title.
    text = (
        f"{header}\n\n***\n\n[API Documentation](../../index.md) / @pinia/nuxt\n\n"
        "# Interface: Pinia\n\nEvery application must own its own pinia.\n"
    )
    page = parse(text, "interfaces/Pinia.md")
    assert [(s.heading, s.body) for s in page.sections] == [
        ("Interface: Pinia", "Every application must own its own pinia.")
    ]


@pytest.mark.parametrize(
    "top",
    [
        "Home / Guide / Agent",
        "Read [the guide](guide.md) first.",
        "[**Docs**](docs.md)",
        "**Note** • read this first",
    ],
)
def test_a_paragraph_above_the_title_that_is_no_trail_is_kept(top: str) -> None:
    assert parse(f"{top}\n\n# Agent\n\nText.\n", "agent.md").sections[0].body != "Text."


V3_CLASS = (
    "# Class: Logger\n\n## Hierarchy\n\n- **`Logger`**\n\n"
    "## Table of contents\n\n"
    "### Constructors\n\n- [constructor](Logger.md#constructor)\n\n"
    "### Methods\n\n- [end](Logger.md#end)\n- [log](Logger.md#log)\n\n"
    "## Constructors\n\n### constructor\n\n• **new Logger**()\n\n"
    "## Methods\n\n### end\n\n▸ **end**(): `void`\n"
)


def test_a_table_of_contents_heading_over_lists_of_links_to_places_is_left_out() -> None:
    # typedoc-plugin-markdown 3 (patreon-dl's reference): "Constructors" and "Methods"
    # sections of names under "Table of contents" over every class's page.
    page = parse(V3_CLASS, "classes/Logger.md")
    assert [(s.heading_path, s.heading) for s in page.sections] == [
        ((), "Class: Logger"),
        (("Class: Logger",), "Hierarchy"),
        (("Class: Logger",), "Constructors"),
        (("Class: Logger", "Constructors"), "constructor"),
        (("Class: Logger",), "Methods"),
        (("Class: Logger", "Methods"), "end"),
    ]


@pytest.mark.parametrize(
    "contents",
    [
        "- [Logger](classes/Logger.md)\n- [Downloader](classes/Downloader.md)",  # pages
        "- [end](Logger.md#end)\n\nSee also the guide.",  # text of its own
    ],
)
def test_a_contents_heading_over_anything_else_is_kept(contents: str) -> None:
    page = parse(f"# API\n\n## Table of contents\n\n{contents}\n\n## End\n\nText.\n", "a.md")
    assert "Table of contents" in [s.heading for s in page.sections]


def test_a_page_of_index_links_is_read_in_linear_time() -> None:
    """Each paragraph that reads as a trail or typedoc's index link looked back over the page
    for a heading above it: 20,000 of them before the title took 27 s, 40,000 two minutes.
    The subprocess's timeout guards against that hang; the parse takes a few seconds."""
    script = (
        "from builder.parsers.markdown.parser import parse; "
        "page = '[**pkg**](../README.md)\\n\\n' * 40_000 + '# Agent\\n\\nText.\\n'; "
        "print([(s.heading, s.body) for s in parse(page, 'Agent.md').sections])"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=40, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout == "[('Agent', 'Text.')]\n"


def test_a_line_of_spaced_separators_that_is_no_trail_is_read_in_linear_time() -> None:
    """The spaces around each " / " could fall to the step before it or to the separator, so
    a line of ten such separators that is no trail after all took 99 s to give up on, each more
    doubling it; the subprocess's timeout guards against that hang. A trail so spaced is still
    one, and left out."""
    script = (
        "from builder.parsers.markdown.parser import parse; "
        "page = '[a](b)' + '  /  c  ' * 30 + '[x\\n\\n[Docs](../index.md)  /  @pinia/nuxt\\n\\n'"
        " + '# Agent\\n\\nText.\\n'; "
        "print([(s.heading, s.body[-6:]) for s in parse(page, 'Agent.md').sections])"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=30, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout == "[('Agent', '/ c [x'), ('Agent', 'Text.')]\n"
