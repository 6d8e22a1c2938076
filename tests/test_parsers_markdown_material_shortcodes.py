"""builder.parsers.markdown.material_shortcodes: Material's shortcodes as its hook expands
them, in MkDocs pages."""

from __future__ import annotations

from builder.parsers.markdown.mkdocs_flavor import MkDocsMarkdown, mkdocs_pages
from builder.parsers.markdown.parser import parse

PAGE = (
    "# Blog plugin\n\n"
    "## General\n\n"
    "#### <!-- md:setting config.blog_dir -->\n\n"
    "<!-- md:version 9.2.0 -->\n<!-- md:default `blog` -->\n\n"
    "Use this setting to change the blog's folder.\n\n"
    "#### <!-- md:option tags.tags_allowed:name -->\n\n"
    "Use this option to allow a tag.\n"
)


def test_a_setting_shortcode_heads_its_section_with_the_settings_name() -> None:
    # Material's plugin pages head each of their 182 settings so: read as written, each was
    # a section without a heading ("Built-in blog plugin > Configuration > General > ").
    with mkdocs_pages(MkDocsMarkdown()):
        page = parse(PAGE, "blog.md")
    assert [(s.heading, s.anchor, s.body) for s in page.sections[2:]] == [
        (
            "blog_dir",
            "config.blog_dir",
            "Minimum version: 9.2.0\nDefault value: `blog`\n\n"
            "Use this setting to change the blog's folder.",
        ),
        ("name", "+tags.tags_allowed:name", "Use this option to allow a tag."),
    ]


def test_outside_mkdocs_pages_a_shortcode_is_a_comment() -> None:
    page = parse(PAGE, "blog.md")
    assert [s.heading for s in page.sections[2:]] == ["", ""]


def test_a_badge_reads_as_its_tooltip_and_its_text() -> None:
    # 264 settings of Material's docs give their default value so, 344 the version since which
    # they exist: both were comments, left out.
    text = (
        "# Setting\n\n"
        "<!-- md:version insiders-4.38.0 -->\n<!-- md:default none -->\n"
        "<!-- md:flag experimental -->\n<!-- md:plugin [blog] – built-in -->\n"
        "<!-- md:example blog -->\n\nText.\n\n[blog]: blog.md\n"
    )
    with mkdocs_pages(MkDocsMarkdown()):
        page = parse(text, "setting.md")
    assert page.sections[0].body == (
        "Minimum version: 4.38.0 (Insiders)\nDefault value is empty\nExperimental\n"
        "Plugin: blog – built-in\n\nText."
    )


def test_a_setting_shortcode_defines_a_link_to_its_heading() -> None:
    # The hook writes "[config.cards_layout_dir]: #config.cards_layout_dir" under the heading;
    # Material's social plugin page links to it with its link text wrapped, which read
    # "the[ `layouts` directory][config.cards_layout_dir]".
    text = (
        "# Social\n\n#### <!-- md:setting config.cards_layout_dir -->\n\n"
        "Layouts.\n\n## Options\n\nResolved from the[\n`layouts` directory]"
        "[config.cards_layout_dir], see [config.cards_layout_dir].\n"
    )
    with mkdocs_pages(MkDocsMarkdown()):
        page = parse(text, "social.md")
    assert [(s.heading, s.body, s.line_end) for s in page.sections[1:]] == [
        ("cards_layout_dir", "Layouts.", 5),
        ("Options", "Resolved from the `layouts` directory, see config.cards_layout_dir.", 10),
    ]


def test_a_badge_within_a_sentence_reads_as_its_text() -> None:
    # Material's changelog notes name versions in prose: the page shows the version beside
    # a tag icon, which read "Prior to version Minimum version: 8.5.6 , admonitions".
    text = (
        "# Admonitions\n\n"
        "Prior to version <!-- md:version 8.5.6 -->, admonitions had a slightly\n"
        "different look. Supported since\n<!-- md:version 4.6.3 -->.\n\n"
        "<!-- md:version 9.2.0 -->\n<!-- md:default `blog` -->\n"
    )
    with mkdocs_pages(MkDocsMarkdown()):
        page = parse(text, "admonitions.md")
    assert page.sections[0].body == (
        "Prior to version 8.5.6, admonitions had a slightly different look. "
        "Supported since 4.6.3.\n\nMinimum version: 9.2.0\nDefault value: `blog`"
    )
