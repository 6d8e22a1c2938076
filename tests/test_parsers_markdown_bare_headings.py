"""builder.parsers.markdown.bare_headings: headings with nothing under them are shown where
the page shows them, not dropped."""

from __future__ import annotations

from builder.parsers.markdown.parser import parse


def sections(text: str) -> list[tuple[str, str, int]]:
    return [(s.heading, s.body, s.line_start) for s in parse(text, "api.md").sections]


def test_calls_stacked_over_a_sibling_call_are_its_other_forms() -> None:
    # yargs 18's API reference: ".option(key, [opt])" over ".options(key, [opt])", and three
    # forms of ".help()"; the first forms were dropped as empty sections, or listed under
    # "API reference", away from their description.
    text = (
        "API reference\n===\n\nMethods.\n\n"
        '<a name="option"></a>.option(key, [opt])\n---\n'
        ".options(key, [opt])\n---\n\nAware of options.\n\n"
        ".help()\n---\n.help([option | boolean])\n---\n.help([option, [description]])\n---\n\n"
        "Configure help.\n"
    )
    assert sections(text) == [
        ("API reference", "Methods.", 1),
        (".option(key, [opt])", "", 6),
        (".options(key, [opt])", ".option(key, [opt])\n\nAware of options.", 6),
        (".help()", "", 13),
        (".help([option | boolean])", "", 15),
        (
            ".help([option, [description]])",
            ".help()\n.help([option | boolean])\n\nConfigure help.",
            13,
        ),
    ]


def test_a_heading_that_is_no_call_stays_a_placeholder() -> None:
    text = "# Guide\n\nIntro.\n\n## Install\n## Usage\n\nRun it.\n"
    assert [(h, b) for h, b, _ in sections(text)] == [
        ("Guide", "Intro."),
        ("Install", ""),
        ("Usage", "Run it."),
    ]
