"""Quarto pages (.qmd) read as Markdown: YAML front matter, {python} chunks as code, Pandoc's
fenced divs (callouts as notes) and quartodoc's interlinks as their names."""

from __future__ import annotations

from builder.parsers import parse_file
from builder.parsers.markdown.pandoc_divs import balance_div_fences


def test_quarto_pages_read_as_markdown_with_their_chunks_callouts_and_interlinks() -> None:
    # quartodoc 0.11.1's docs: 26 .qmd pages, none read. Read as Markdown, a callout
    # (":::{.callout-note}") still showed its Markdown as written and an interlink
    # "[](`quartodoc.Builder`)" read "%60quartodoc.Builder%60".
    text = (
        "---\ntitle: Configuring site\n---\n\n"
        "## Options\n\n"
        "Pick a [](`quartodoc.Builder`) or a [](`~quartodoc.MdRenderer`).\n\n"
        "```{python}\n#| echo: false\nprint(1)\n```\n\n"
        ':::{.callout-tip title="Linking styles"}\n'
        "See the [filter](./interlinks.qmd):\n\n- one\n- two\n:::\n\n"
        "::::: {.column-page #gallery}\nInside a **div**.\n:::::\n\n"
        "::: callout-warning\nCareful.\n:::\n"
    )
    parsed = parse_file("guide/basic.qmd", text)
    assert parsed is not None
    assert parsed.title == "Configuring site"
    assert [s.heading for s in parsed.sections] == ["Options"]
    assert parsed.sections[0].body == (
        "Pick a `quartodoc.Builder` or a `MdRenderer`.\n\n"
        "```python\n#| echo: false\nprint(1)\n```\n\n"
        "Linking styles: See the filter:\n\n- one\n- two\n\n"
        "Inside a div.\n\n"
        "Warning: Careful."
    )


def test_a_div_closes_at_any_run_of_colons_as_pandoc_reads_it() -> None:
    # quarto-web's branding page: a ":::::::" div of ":::{}" divs closed by ":::" ran to the
    # end of the page, its headings and links shown as written; on its cross-references page
    # the ":::" of a div shown in a code example ended the tabset around it.
    text = (
        "## Overview\n\n"
        '::::::: {.column-body-outset-right layout-ncol="2"}\n'
        "::: {}\n![Webpage](brand-html.png){.lightbox}\n:::\n\n"
        ":::{}\n![PDF](brand-typst.png)\n::: \n"
        ":::\n\n"
        "## Creating Brand Files\n\nSee [options](options.qmd).\n\n"
        "```markdown\n:::\n```\n\n"
        ":::: {.panel-tabset}\n\n## Python\n\n````markdown\n::: {#fig-box}\nBox.\n:::\n````\n\n"
        "::::\n\n## Conditional Content\n\nAfter.\n"
    )
    parsed = parse_file("authoring/brand.qmd", text)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("Overview", "Webpage\n\nPDF"),
        ("Creating Brand Files", (
            "See options.\n\n```markdown\n:::\n```\n\n"
            "Python\n\n```markdown\n::: {#fig-box}\nBox.\n:::\n```"
        )),
        ("Conditional Content", "After."),
    ]  # fmt: skip


def test_deeply_nested_divs_gain_a_bounded_number_of_colons() -> None:
    # 60 divs, one in another: the outermost's fences would take 62 colons, and N nested divs
    # N * N colons in all; each gains at most 50.
    text = "::: {.a}\n" * 60 + ":::\n" * 60
    lines = balance_div_fences(text).split("\n")
    assert lines[0] == ":" * 53 + " {.a}"
    assert lines[59] == "::: {.a}"
    assert lines[60] == ":::"
    assert lines[119] == ":" * 53


def test_an_executable_chunk_is_code_whatever_its_content_reads_as() -> None:
    # ibis 12.0.0's docs: 68 chunks such as "t1.year.mean() + t1.year.std()" (an expression,
    # no statement) read as paragraphs, "#| error: true" and all run into one line.
    text = (
        "# Types\n\n"
        "```{python}\nt1.year.mean() + t1.year.std()\n```\n\n"
        "```{python}\n#| error: true\nt1.bill_depth_mm + t2.population\n```\n\n"
        "```{r}\nsummary(cars)\n```\n\n"
        "```{python}\n\n```\n\n"  # empty: nothing
        "```{julia}\n" + "x +\n" * 5000 + "```\n"
    )
    parsed = parse_file("concepts/datatypes.qmd", text)
    assert parsed is not None
    body = parsed.sections[0].body
    assert body.startswith(
        "```python\nt1.year.mean() + t1.year.std()\n```\n\n"
        "```python\n#| error: true\nt1.bill_depth_mm + t2.population\n```\n\n"
        "```r\nsummary(cars)\n```\n\n"
        "```julia\nx +\n"
    )
    assert body.count("```") == 8


def test_markdown_right_under_a_block_tag_line_is_markdown_as_pandoc_reads_it() -> None:
    # great-tables 0.22.0's LaTeX post: a "````markdown" fence right under <details> and
    # <summary> was read as HTML, its closing line opened a fence to the page's end, and
    # the post's last two sections were code (a warning: "code fence never closed").
    text = (
        "# Post\n\n<details>\n<summary>.qmd content</summary>\n````markdown\n---\n"
        "format: pdf\n---\n\n```{{python}}\nGT(data)\n```\n````\n</details>\n\n"
        "## Current limitations\n\nStill experimental.\n\n"
        "```html\n<div>\nkept as code\n```\n"
    )
    parsed = parse_file("blog/latex/index.qmd", text)
    assert parsed is not None
    assert not parsed.warnings
    assert [s.heading for s in parsed.sections] == ["Post", "Current limitations"]
    assert parsed.sections[0].body == (
        ".qmd content\n\n````markdown\n---\nformat: pdf\n---\n\n```{{python}}\nGT(data)\n```\n````"
    )
    assert parsed.sections[1].body == "Still experimental.\n\n```html\n<div>\nkept as code\n```"
    # Elsewhere (CommonMark) the block runs on to the blank line, as GitHub shows it.
    other = parse_file("blog/latex/index.md", text)
    assert other is not None
    assert [s.heading for s in other.sections] == ["Post"]


def test_a_quote_marker_right_under_a_paragraph_line_continues_it_as_in_pandoc() -> None:
    # great-tables 0.22.0's examples page: '<a', 'href="..."', '>View source ⬀</a>' read as
    # a paragraph of the tag's text and a quote (5 links); Pandoc starts no quote there.
    text = (
        '# Examples\n\n<a\n  href="https://github.com/x/"\n  target="_blank"\n'
        "  >View source ⬀</a>\n\nText\n> not a quote\n\n> a quote\n\n- item\n  > in item\n"
        + ">\n"
        * 3000
    )
    parsed = parse_file("examples/index.qmd", text)
    assert parsed is not None
    assert parsed.sections[0].body.startswith(
        "View source ⬀\n\nText > not a quote\n\n> a quote\n\n- item\n  > in item"
    )
