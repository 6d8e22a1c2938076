"""builder.parsers.markdown.mdx_blocks: in MDX, a tag alone on its line is a block of its own,
the lines between tags are Markdown, and indented lines are no code."""

from __future__ import annotations

from builder.parsers.markdown.parser import parse


def outline(text: str, relpath: str) -> list[tuple[str, str]]:
    return [(section.heading, section.body) for section in parse(text, relpath).sections]


PAGE = (
    "# Install\n\n"
    '<Callout type="warning">\n'
    "  Be **careful** with [the cache](/docs/cache) and `<App/>`.\n"
    "</Callout>\n\n"
    "<Steps>\n"
    "### Create a folder\n"
    "Run `mkdir app`.\n\n"
    "### Add a page\n"
    "Write `page.mdx`.\n"
    "</Steps>\n\n"
    "<Cards>\n"
    '  <Cards.Card arrow title="Documentation theme" href="/docs/docs-theme">\n'
    "    <>![Documentation theme screenshot](/assets/docs-theme.png)</>\n"
    "  </Cards.Card>\n"
    "  <LinkCard\n"
    '    title="Blog theme"\n'
    '    description="A theme for blogs."\n'
    "  />\n"
    "</Cards>\n"
)


def test_markdown_between_tags_reads_as_markdown_in_mdx() -> None:
    # Nextra's <Callout> and <Steps> (SWR's and Nextra's docs): the bold, the link and the
    # inline code were raw or lost, and the steps' headings were text.
    assert outline(PAGE, "install.mdx") == [
        ("Install", "Warning:\n\nBe careful with the cache and `<App/>`."),
        ("Create a folder", "Run `mkdir app`."),
        (
            "Add a page",
            "Write `page.mdx`.\n\n"
            "Documentation theme\n\nDocumentation theme screenshot\n\n"
            "Blog theme\nA theme for blogs.",
        ),
    ]


def test_a_markdown_page_keeps_commonmark_html_blocks() -> None:
    # A .md page (GitHub, VitePress) reads a tag's lines up to a blank line as HTML, and
    # indented lines as code.
    text = "# A\n\n<div>\n**raw**\n</div>\n\nText.\n\n    indented code\n"
    assert outline(text, "a.md") == [("A", "**raw**\n\nText.\n\n```\nindented code\n```")]
    assert outline(text, "a.mdx") == [("A", "raw\n\nText.\n\nindented code")]


def test_a_greater_than_sign_in_a_props_string_or_expression_ends_no_tag() -> None:
    # The tag was taken to end at its first '>': a title 'a > b' left the callout an HTML
    # block (its Markdown raw), and a card's props over lines were lost with their text.
    text = (
        "# A\n\n"
        '<Callout type="warning" title="When a > b">\n'
        "Be **careful** with [links](/x).\n"
        "</Callout>\n\n"
        "<Steps show={count > 1}>\n"
        "### Step one\n"
        "Do it.\n"
        "</Steps>\n\n"
        '<LinkCard\n  title="a > b"\n  description="Use => arrows"\n  href="/x"\n/>\n\n'
        "<Card onClick={() => go()}>\nText **here**.\n</Card>\n"
    )
    assert outline(text, "x.mdx") == [
        ("A", "Warning: When a > b\n\nBe careful with links."),
        ("Step one", "Do it.\n\na > b\nUse => arrows\n\nText here."),
    ]


def test_props_of_objects_nested_three_deep_end_the_tag_where_it_ends() -> None:
    # Starlight's <ThemeDesigner labels={{ presets: { ... } }}> and <SidebarPreview
    # config={[{ items: [{ ... }] }]} /> (37 of its pages): an expression was read two braces
    # deep at most, so the tag ran on as text, props and all, with the text inside it.
    text = (
        "# Theme\n\nPick colours.\n\n"
        "<ThemeDesigner\n\tlabels={{\n\t\tpresets: {\n\t\t\tlabel: 'Presets',\n\t\t},\n\t}}\n>\n"
        '\t<Fragment slot="css-docs">\n\t\tAdd the **CSS** below.\n\t</Fragment>\n'
        "</ThemeDesigner>\n\n"
        "<SidebarPreview\n\tconfig={[\n"
        "\t\t{ label: 'stars', items: [{ label: 'Vega', link: '' }] },\n\t]}\n/>\n\nThe end.\n"
    )
    assert outline(text, "x.mdx") == [("Theme", "Pick colours.\n\nAdd the CSS below.\n\nThe end.")]


def test_a_comment_over_blank_lines_and_a_fence_shows_nothing() -> None:
    # Zod's migration guide comments out an example: the "```ts" fence in the comment ends at
    # no line ("``` */}" is no closing fence), so the page's next sections were code, their
    # headings lost, and the comments were shown raw.
    text = (
        "# Migration guide\n\n"
        "Intro.\n\n"
        '{/* Zod 4 is available at the `"/v4"` subpath:\n\n'
        '```ts\nimport * as z from "zod";\n``` */}\n\n'
        "## Error customization\n\n"
        "{/* <Callout>\n  Old.\n</Callout>\n\n### `.refine()` */}\n\n"
        "Use `error`.\n\n"
        "{/* a */} stays text\n\n"
        "{/* never closed\n\nlast words\n"
    )
    assert outline(text, "changelog.mdx") == [
        ("Migration guide", "Intro."),
        ("Error customization", "Use `error`.\n\nstays text\n\n{/* never closed\n\nlast words"),
    ]
    # A .md page reads no JSX: there the fence runs on, as CommonMark reads it.
    assert [heading for heading, _ in outline(text, "changelog.md")] == ["Migration guide"]


def test_a_vue_component_tag_alone_on_its_line_is_a_block_in_a_markdown_page() -> None:
    # Ajv 8.17.1's guide (VuePress): the fence under <code-block> read as part of an HTML block
    # up to the code's first blank line, the fence's closing line opened another, and the
    # example ran into one line, the ':::' note after it shown raw.
    text = (
        "# Start\n\n"
        "<code-group>\n"
        '<code-block title="JSON Schema">\n'
        "```javascript\n"
        "const a = 1\n\n"
        "const b = 2\n"
        "```\n"
        "</code-block>\n"
        "</code-group>\n\n"
        "::: tip Fast\n"
        "Compile once.\n"
        ":::\n"
    )
    assert outline(text, "start.md") == [
        (
            "Start",
            "JSON Schema\n\n```javascript\nconst a = 1\n\nconst b = 2\n```\n\n"
            "Tip: Fast\n\nCompile once.",
        )
    ]


def test_an_html_element_in_capitals_stays_a_commonmark_html_block() -> None:
    # '<TABLE>' is no component: its lines up to a blank line are HTML, as GitHub reads them.
    text = "# A\n\n<TABLE>\n**raw**\n</TABLE>\n"
    assert outline(text, "a.md") == [("A", "**raw**")]


def test_an_element_in_a_prop_s_expression_is_part_of_its_tag() -> None:
    # mem0 2.0.18's integrations.mdx: <Card title="AgentOps" icon={<svg>...</svg>}> read as
    # raw markup ('<Card title="AgentOps" icon={    } href=...') and a one-line
    # icon={<Icon />} lost the card's title.
    page = (
        "# Integrations\n\n<CardGroup cols={2}>\n"
        '  <Card title="One" icon={<Icon name="x" />} href="/one">\n    First.\n  </Card>\n'
        '  <Card\n    title="Two"\n    icon={\n      <svg width="25" viewBox="0 0 30 36">\n'
        '      <path d="M10.4 6.4Z" fill="#8F74E0"></path>\n      </svg>\n    }\n'
        '    href="/two"\n  >\n    Second.\n  </Card>\n</CardGroup>\n'
    )
    assert outline(page, "integrations.mdx") == [
        ("Integrations", "One\n\nFirst.\n\nTwo\n\nSecond.")
    ]


def test_unclosed_expressions_holding_tags_read_in_linear_time() -> None:
    # A tag inside an expression holds no brace, so no failed expression rescans another's.
    for page in ("<c y={>" * 20_000, "<a x={<b> " * 20_000, "<A x={{{{{{" + "<b>" * 30_000):
        assert parse(page, "hostile.mdx").sections


CHANGELOG = (
    '---\ntitle: SDK\n---\n\nIntro.\n\n<Tabs>\n<Tab title="Python">\n\n'
    '<Update label="2026-08-11" description="v2.0.18">\n\n'
    "**Bug Fixes:**\n- **Core:** Escape `%`.\n\n</Update>\n\n"
    '<Update label="2026-08-05" description="v2.0.17">\n\n'
    "**New Features:**\n- Add `x`.\n\n</Update>\n</Tab>\n</Tabs>\n"
)


def test_a_mintlify_update_is_a_release_heading() -> None:
    # mem0 2.0.18's changelog/sdk.mdx: 223 releases ran into 25 parts of "SDK & Tools", each
    # release's date lost; 29 changelog sections -> 277, one a release.
    assert outline(CHANGELOG, "changelog.mdx") == [
        ("SDK", "Intro.\n\nPython"),
        ("2026-08-11 — v2.0.18", "Bug Fixes:\n\n- Core: Escape `%`."),
        ("2026-08-05 — v2.0.17", "New Features:\n\n- Add `x`."),
    ]


def test_an_update_without_a_label_or_outside_mdx_is_no_heading() -> None:
    page = (
        "# Log\n\n<Update>\n\nFixed.\n\n</Update>\n\n"
        "<Update description='  '>\n\nMore.\n\n</Update>\n"
    )
    assert outline(page, "log.mdx") == [("Log", "Fixed.\n\nMore.")]
    # A Vue or plain HTML page's <Update> is no Mintlify changelog.
    assert [h for h, _ in outline(CHANGELOG, "changelog.md")] == ["SDK"]
    huge = f'# Log\n\n<Update label="{"x" * 200_000}">\n\nFixed.\n\n</Update>\n'
    assert len(outline(huge, "log.mdx")) == 2


def test_a_fence_closes_at_a_line_indented_four_spaces_or_more_in_mdx() -> None:
    # drizzle's docs (cockroach/indexes-constraints.mdx) close a "```typescript" with
    # "    ```", then open and close a tab-indented "```sql": read as CommonMark, the code ran
    # on over "## Indexes" to the page's end, and the section was lost.
    page = (
        "## Foreign key\n\n```typescript copy\nconst a = 1;\n    ```\n"
        "\t```sql\n\tSELECT 1;\n\t```\n\n## Indexes\n\nText of indexes.\n"
    )
    assert outline(page, "a.mdx") == [
        ("Foreign key", "```typescript\nconst a = 1;\n```\n\n```sql\nSELECT 1;\n```"),
        ("Indexes", "Text of indexes."),
    ]
    # In Markdown the indented line is code, as CommonMark reads it.
    assert [heading for heading, _ in outline(page, "a.md")] == ["Foreign key"]
    # The first closing line closes the fence, however it is indented; a longer or shorter run
    # of another marker does not.
    tilde = "## A\n\n~~~\n  ```\n      ~~~~\n## B\n\nText.\n"
    assert outline(tilde, "a.mdx") == [("A", "```\n  ```\n```"), ("B", "Text.")]
