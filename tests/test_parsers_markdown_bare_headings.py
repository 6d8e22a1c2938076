"""builder.parsers.markdown.bare_headings: headings with nothing under them are shown where
the page shows them, not dropped."""

from __future__ import annotations

from builder.parsers.markdown.parser import parse


def sections(text: str) -> list[tuple[str, str, int]]:
    return [(s.heading, s.body, s.line_start) for s in parse(text, "api.md").sections]


def test_calls_stacked_over_a_sibling_call_are_its_other_forms() -> None:
    # yargs 18's API reference: ".option(key, [opt])" over ".options(key, [opt])", and three
    # forms of ".help()"; the first forms were dropped as empty sections, or listed under
    # "API reference", away from their description. The first, on top, titles the section
    # (the page's <a name="option"> anchors it); the forms between are dropped as empty.
    text = (
        "API reference\n===\n\nMethods.\n\n"
        '<a name="option"></a>.option(key, [opt])\n---\n'
        ".options(key, [opt])\n---\n\nAware of options.\n\n"
        ".help()\n---\n.help([option | boolean])\n---\n.help([option, [description]])\n---\n\n"
        "Configure help.\n"
    )
    assert sections(text) == [
        ("API reference", "Methods.", 1),
        (".option(key, [opt])", ".options(key, [opt])\n\nAware of options.", 6),
        (".help([option | boolean])", "", 15),
        (
            ".help()",
            ".help([option | boolean])\n.help([option, [description]])\n\nConfigure help.",
            13,
        ),
    ]
    assert parse(text, "api.md").sections[1].anchor == "option"


def test_names_in_code_stacked_over_a_sibling_are_its_other_forms() -> None:
    # execa 9.6.1's docs/api.md: "## ExecaError" over "## ExecaSyncError" and their one text
    # (links name #execaerror 9 times): the first was dropped, its name found nowhere. The
    # section is the first's, and its subsections sit in it.
    text = (
        "# API\n\n## ExecaError\n## ExecaSyncError\n\nType: `Error`\n\n"
        "### error.message\n\nThe message.\n\n"
        "## execa\\`command\\`\n## $\\`command\\`\n\nTemplate.\n"
    )
    parsed = parse(text, "api.md")
    assert [(s.heading, s.heading_path, s.anchor, s.body) for s in parsed.sections] == [
        ("API", (), "api", ""),
        ("ExecaError", ("API",), "execaerror", "ExecaSyncError\n\nType: `Error`"),
        ("error.message", ("API", "ExecaError"), "errormessage", "The message."),
        ("execa`command`", ("API",), "execacommand", "$`command`\n\nTemplate."),
    ]


def test_a_heading_that_is_no_call_stays_a_placeholder() -> None:
    # Nor is a word of prose a name in code: "FAQ" over "What is a pattern?" (fast-glob).
    text = "# Guide\n\nIntro.\n\n## Install\n## Usage\n\nRun it.\n## FAQ\n## FAQs\n\nAsk.\n"
    assert [(h, b) for h, b, _ in sections(text)] == [
        ("Guide", "Intro."),
        ("Install", ""),
        ("Usage", "Run it."),
        ("FAQ", ""),
        ("FAQs", "Ask."),
    ]


def test_an_empty_release_over_the_next_one_is_no_form_of_it() -> None:
    # jupyter_core's CHANGELOG.md: a silent release "## 5.9.1" with nothing under it, over
    # "## 5.9.0" and its notes, read as names in code, and the notes were titled 5.9.1;
    # conventional-changelog's empty "[1.2.0](...) (2021-02-01)" reads as a call.
    text = (
        "# Changelog\n\n## 5.9.1\n\n## 5.9.0\n\n- nicer traceback\n\n"
        "## [1.2.0](https://x.org/c) (2021-02-01)\n\n## [1.1.0](https://x.org/c) (2021-01-01)\n\n"
        "- add streaming\n"
    )
    found = [(s.heading, s.body) for s in parse(text, "CHANGELOG.md").sections if s.body]
    assert found == [
        ("5.9.0", "- nicer traceback"),
        ("1.1.0 (2021-01-01)", "- add streaming"),
    ]
