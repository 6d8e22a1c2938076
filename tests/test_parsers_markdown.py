"""builder.parsers.markdown.parser: the sections of a page, the headings it must and must not
see, its title and front matter, anchors and line numbers; and the outline and bodies helpers
the other tests/test_parsers_markdown_*.py modules read a parsed page with."""

from __future__ import annotations

from builder.model import ParsedFile, Section
from builder.parsers.markdown.parser import parse


def outline(parsed: ParsedFile) -> list[tuple[int, str, tuple[str, ...], str, int, int]]:
    """Level, heading, path, anchor and lines of every section: the shape of a document."""
    return [
        (s.level, s.heading, s.heading_path, s.anchor, s.line_start, s.line_end)
        for s in parsed.sections
    ]


def bodies(parsed: ParsedFile) -> list[str]:
    return [section.body for section in parsed.sections]


def test_sections_paths_and_exact_lines() -> None:
    text = (
        "# Guide\n"  # 1
        "\n"
        "Intro.\n"  # 3
        "\n"
        "## Install\n"  # 5
        "\n"
        "Run it.\n"  # 7
        "\n"
        "\n"
        "### From source\n"  # 10
        "Clone.\n"  # 11
        "## Usage\n"  # 12
        "\n"
        "Call `run()`.\n"  # 14
        "\n"
    )
    parsed = parse(text, "docs/guide.md")
    assert parsed.title == "Guide"
    assert parsed.sections[0] == Section(
        heading="Guide",
        heading_path=(),
        body="Intro.",
        source="docs/guide.md",
        line_start=1,
        line_end=3,
        anchor="guide",
        level=1,
    )
    assert outline(parsed) == [
        (1, "Guide", (), "guide", 1, 3),
        (2, "Install", ("Guide",), "install", 5, 7),
        (3, "From source", ("Guide", "Install"), "from-source", 10, 11),
        (2, "Usage", ("Guide",), "usage", 12, 14),
    ]
    assert bodies(parsed) == ["Intro.", "Run it.", "Clone.", "Call `run()`."]


def test_text_before_first_heading_is_a_title_section() -> None:
    parsed = parse("\n\nSome intro\ntext.\n\n# First\n\nBody.\n", "pkg/readme.md")
    assert parsed.title == "First"
    assert outline(parsed) == [
        (0, "First", (), "top", 3, 4),
        (1, "First", (), "first", 6, 8),
    ]
    assert bodies(parsed) == ["Some intro text.", "Body."]


def test_title_falls_back_to_the_file_stem() -> None:
    parsed = parse("## Only a second level\n\ntext\n", "docs/getting-started.md")
    assert parsed.title == "getting-started"
    assert outline(parsed) == [(2, "Only a second level", (), "only-a-second-level", 1, 3)]


def test_a_level_one_heading_after_the_first_heading_does_not_title_the_page() -> None:
    # vConsole 3.15.1's CHANGELOG.md: language links, "## 3.15.1 ..." releases, and at the
    # end "# v1.x.x" over the oldest ones, which titled the page and the links above.
    text = (
        "English | [中文](./CHANGELOG_CN.md)\n\n"  # 1-2
        "## 3.15.1\n\n- Fix.\n\n"  # 3-6
        "# v1.x.x\n\n## v1.3.0\n\n- Feat.\n"  # 7-11
    )
    parsed = parse(text, "CHANGELOG.md")
    assert parsed.title == "CHANGELOG"
    assert outline(parsed) == [
        (0, "CHANGELOG", (), "top", 1, 1),
        (2, "3.15.1", (), "3151", 3, 5),
        (1, "v1.x.x", (), "v1xx", 7, 7),
        (2, "v1.3.0", ("v1.x.x",), "v130", 9, 11),
    ]


def test_empty_heading_bodies_still_make_sections() -> None:
    parsed = parse("# A\n## B\n## C\ntext\n", "x.md")
    assert outline(parsed) == [
        (1, "A", (), "a", 1, 1),
        (2, "B", ("A",), "b", 2, 2),
        (2, "C", ("A",), "c", 3, 4),
    ]
    assert bodies(parsed) == ["", "", "text"]


def test_a_heading_without_text_heads_nothing() -> None:
    # outlines 1.3.3's index.md: front matter titles it, then a bare "#" over its logo and
    # lead text: that text was a section headed "", the page's "##" sections below it.
    text = (
        "---\ntitle: Welcome\n---\n\n"  # 1-4
        "#\n\nLead text.\n\n"  # 5-8
        "## Install\n\nRun it.\n\n### Pip\n\nPip it.\n"  # 9-15
    )
    parsed = parse(text, "index.md")
    assert parsed.title == "Welcome"
    assert outline(parsed) == [
        (0, "Welcome", (), "top", 7, 7),
        (2, "Install", (), "install", 9, 11),
        (3, "Pip", ("Install",), "pip", 13, 15),
    ]
    assert bodies(parsed) == ["Lead text.", "Run it.", "Pip it."]
    # Below a titled heading, its text is that heading's.
    parsed = parse("# Title\n\n## \n\nText.\n", "x.md")
    assert outline(parsed) == [(1, "Title", (), "title", 1, 5)]
    assert bodies(parsed) == ["Text."]


def test_hash_lines_in_fenced_and_indented_code_are_not_headings() -> None:
    text = (
        "# Real\n"
        "\n"
        "```bash\n"
        "# install it\n"
        "pip install x\n"
        "```\n"
        "\n"
        "~~~~python\n"
        "# a comment\n"
        "```\n"
        "~~~~\n"
        "\n"
        "````\n"
        "# four backticks\n"
        "````\n"
        "\n"
        "    # indented code\n"
        "    x = 1\n"
    )
    parsed = parse(text, "x.md")
    assert outline(parsed) == [(1, "Real", (), "real", 1, 18)]
    assert parsed.sections[0].body == (
        "```bash\n# install it\npip install x\n```\n"
        "\n"
        # The fence outgrows the code's own backtick line, or that line would close it.
        "````python\n# a comment\n```\n````\n"
        "\n"
        "```\n# four backticks\n```\n"
        "\n"
        "```\n# indented code\nx = 1\n```"
    )


def test_headings_inside_html_comments_are_not_headings() -> None:
    text = "# Kept\n\n<!--\n# Hidden\n## Also hidden\n-->\n\nAfter.\n<!-- # inline hidden -->\n"
    parsed = parse(text, "x.md")
    assert outline(parsed) == [(1, "Kept", (), "kept", 1, 9)]
    assert bodies(parsed) == ["After."]


def test_setext_headings() -> None:
    text = "Title\n=====\n\nIntro.\n\nPart\n----\nBody.\n"
    parsed = parse(text, "x.md")
    assert parsed.title == "Title"
    assert outline(parsed) == [
        (1, "Title", (), "title", 1, 4),
        (2, "Part", ("Title",), "part", 6, 8),
    ]
    assert bodies(parsed) == ["Intro.", "Body."]


def test_yaml_front_matter_gives_the_title_and_leaves_the_body() -> None:
    text = '---\ntitle: "Quick start: a tour"\nslug: /start\n---\n\nWelcome.\n\n# Steps\n\nGo.\n'
    parsed = parse(text, "docs/start.md")
    assert parsed.title == "Quick start: a tour"
    assert outline(parsed) == [
        (0, "Quick start: a tour", (), "top", 6, 6),
        (1, "Steps", (), "steps", 8, 10),
    ]
    assert bodies(parsed) == ["Welcome.", "Go."]


def test_yaml_front_matter_folded_and_single_quoted_titles() -> None:
    folded = parse("---\ntitle: >\n  Long\n  title\nid: x\n---\n# H\n", "x.md")
    assert folded.title == "Long title"
    quoted = parse("---\ntitle: 'It''s here' \n---\n# H\n", "x.md")
    assert quoted.title == "It's here"


def test_toml_front_matter() -> None:
    parsed = parse('+++\ntitle = "Hugo page"\ndraft = false\n+++\n\n## Part\nText.\n', "p.md")
    assert parsed.title == "Hugo page"
    assert outline(parsed) == [(2, "Part", (), "part", 6, 7)]
    assert bodies(parsed) == ["Text."]


def test_cjk_heading_keeps_its_characters_in_the_slug() -> None:
    parsed = parse("# 快速开始\n\n安装。\n", "zh.md")
    assert outline(parsed) == [(1, "快速开始", (), "快速开始", 1, 3)]
    assert bodies(parsed) == ["安装。"]


def test_a_run_of_bare_headings_is_listed_in_the_section_they_sit_in() -> None:
    # axios' README: one heading per signature, then one note for them all.
    text = (
        "## Aliases\n\nFor convenience:\n\n"
        "##### axios.get(url[, config])\n"
        "##### axios.post(url[, data[, config]])\n"
        "##### axios.patch(url[, data[, config]])\n\n"
        "###### NOTE\nNo url needed.\n\n"
        "## Placeholder\n\n### TODO\n"
    )
    assert [(s.heading, s.body) for s in parse(text, "README.md").sections] == [
        (
            "Aliases",
            "For convenience:\n\naxios.get(url[, config])\naxios.post(url[, data[, config]])",
        ),
        ("axios.get(url[, config])", ""),
        ("axios.post(url[, data[, config]])", ""),
        ("axios.patch(url[, data[, config]])", ""),
        ("NOTE", "No url needed."),
        ("Placeholder", ""),
        ("TODO", ""),
    ]
