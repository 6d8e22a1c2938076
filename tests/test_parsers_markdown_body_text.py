"""builder.parsers.markdown.body_text: how a section's Markdown reads as its body: emphasis,
links, lists, tables, quotes, callouts, line breaks and footnotes."""

from __future__ import annotations

from builder.parsers.markdown.parser import parse
from tests.test_parsers_markdown import bodies


def test_body_conventions() -> None:
    text = (
        "# API\n"
        "\n"
        "Use **bold** and _em_ with [a link](https://x.org) and ![the logo](l.png).\n"
        "Second line &amp; `code()`.\n"
        "\n"
        "- one\n"
        "- two\n"
        "  1. nested\n"
        "  2. more\n"
        "* three\n"
        "\n"
        "3. third\n"
        "4. fourth\n"
        "\n"
        "| Name | Value |\n"
        "|------|-------|\n"
        "| `a`  | 1 \\| 2 |\n"
        "\n"
        "> Quoted *text*\n"
        "> continues.\n"
        "\n"
        "> [!NOTE]\n"
        "> Read this.\n"
        "\n"
        "!!! warning\n"
        "    Careful.\n"
        "\n"
        ":::tip Pro tip\n"
        "Do it.\n"
        ":::\n"
        "\n"
        "---\n"
        "\n"
        "~~gone~~ done\n"
    )
    parsed = parse(text, "x.md")
    assert bodies(parsed) == [
        "Use bold and em with a link and the logo. Second line & `code()`.\n"
        "\n"
        "- one\n"
        "- two\n"
        "  1. nested\n"
        "  2. more\n"
        "\n"
        "- three\n"  # a new marker starts a new list
        "\n"
        "3. third\n"
        "4. fourth\n"
        "\n"
        "Name | Value\n"
        "`a` | 1 \\| 2\n"  # the cell's pipe escaped: the row has two cells
        "\n"
        "> Quoted text continues.\n"
        "\n"
        "Note: Read this.\n"
        "\n"
        "Warning: Careful.\n"
        "\n"
        "Tip: Pro tip\n"
        "\n"
        "Do it.\n"
        "\n"
        "~~gone~~ done"
    ]


def test_code_in_lists_is_indented_and_has_no_trailing_spaces() -> None:
    text = "# A\n\n1. Step:\n\n   ```sh\n   make   \n   ```\n2. Done\n"
    parsed = parse(text, "x.md")
    assert bodies(parsed) == ["1. Step:\n\n  ```sh\n  make\n  ```\n2. Done"]


def test_reference_links_and_autolinks_become_text() -> None:
    text = "# A\n\nSee [the guide][guide] or <https://x.org>.\n\n[guide]: https://x.org/guide\n"
    assert bodies(parse(text, "x.md")) == ["See the guide or https://x.org."]


def test_an_inline_line_break_tag_breaks_the_line_and_a_cell_reads_as_one_line() -> None:
    # ESLint's release tables: "`eslint Release`<br>`RELEASE_TYPE`" lost its <br> and the two
    # code spans ran into one ("`eslint Release``RELEASE_TYPE`").
    text = (
        "# Release\n\nOne<br>two<br/>three <BR /> four.\n\n"
        "| Version | `eslint Release`<br>`RELEASE_TYPE` |\n|---|---|\n| `9.25.0` | `latest` |\n\n"
        "- `url` (`string`)<br>\n  A URL.\n\n"
        "## Head<br>line\n"
    )
    parsed = parse(text, "x.md")
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("Release", "One\ntwo\nthree\nfour.\n\n"
         "Version | `eslint Release` `RELEASE_TYPE`\n`9.25.0` | `latest`\n\n"
         "- `url` (`string`)\n  A URL."),
        ("Head line", ""),
    ]  # fmt: skip


def test_a_table_row_of_empty_cells_is_left_out() -> None:
    # uuid 14.0.3's README writes its two-column tables with an empty header ("|  |  |"): the
    # header read as a lone "|" line over each of its 9 tables.
    text = "# API\n\n|  |  |\n| --- | --- |\n| `str` | A UUID |\n|  |  |\n| _returns_ | bytes |\n"
    assert bodies(parse(text, "x.md")) == ["`str` | A UUID\nreturns | bytes"]


def test_inline_block_tags_keep_their_text_apart() -> None:
    # Hatch's table of environment markers lists each value in a cell's <ul>: the tags were
    # dropped and the items ran together ("CPythonJython", "2.73.10" for 2.7 and 3.10). A
    # cell stays one line; a paragraph breaks there, a heading takes a space.
    text = (
        "# Markers\n\n| Marker | Values |\n|---|---|\n"
        "| `platform_system` | <ul><li>Linux</li><li>Darwin</li></ul> |\n"
        "| `python_version` | <ul><li><code>2.7</code></li><li><code>3.10</code></li></ul> |\n\n"
        "Pick <ul><li>one</li><li>two</li></ul> of them, <b>bold</b> or <p>not</p>.\n\n"
        "## A<div>B</div>\n"
    )
    assert [(s.heading, s.body) for s in parse(text, "x.md").sections] == [
        ("Markers", "Marker | Values\n`platform_system` | Linux Darwin\n"
         "`python_version` | `2.7` `3.10`\n\nPick one\ntwo\nof them, bold or not\n."),
        ("A B", ""),
    ]  # fmt: skip


def test_footnotes_read_as_in_restructuredtext() -> None:
    # attrs 25.3.0's why.md, hashing.md and glossary.md (MyST; GFM and Python-Markdown write
    # them alike): "classes.[^history]" and "[^history]: The word is..." read as written.
    # The mark goes and the definition reads "[label] text", as reST's footnotes do; a
    # bracket no definition names ("[^a-z]") is text.
    text = (
        "# Why\n\n"
        "Tuples with names.[^history] A pattern like [^a-z] matches.\n\n"
        "[^history]: The word is that they were\n  added for return values.\n"
    )
    assert bodies(parse(text, "why.md")) == [
        "Tuples with names. A pattern like [^a-z] matches.\n\n"
        "[history] The word is that they were added for return values."
    ]


def test_footnote_definitions_on_consecutive_lines_are_each_a_note() -> None:
    # griffe 1.7.3's extending.md defines six on six lines: each "[^n]:" line starts a note,
    # and a note's indented lines are its own.
    text = (
        "# Nodes\n\n"
        "Exec[^1] and Print[^2].\n\n"
        "[^1]: Deprecated since Python 3.8.\n"
        "[^2]:\n    A builtin\n    in Python 3.\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Exec and Print.\n\n[1] Deprecated since Python 3.8.\n\n[2] A builtin in Python 3."
    ]


def test_a_footnote_of_one_word_is_no_link_reference_definition() -> None:
    # tmuxp 1.76.0's about_tmux.md: "manpage[^id2]." over "[^id2]: <http://...tmux.1>", a
    # valid link reference definition to CommonMark, which took the note out of the page and
    # left the mark as "^id2".
    text = (
        "# Tmux\n\n"
        "Source: tmux manpage[^id2], Ibid.[^2] and [a link][site].\n\n"
        "[^id2]: <http://example.org/tmux.1>\n"
        "[^2]: Ibid.\n"
        "[site]: https://example.org/site\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Source: tmux manpage, Ibid. and a link.\n\n[id2] http://example.org/tmux.1\n\n[2] Ibid."
    ]


def test_a_footnotes_indented_paragraphs_are_more_of_it_not_code() -> None:
    # Jupyter Book 2.1.7's website.md and mystmd.md, sphinx-book-theme 1.4.0's sidenote:
    # a footnote's second paragraph, indented under its definition, read as a code block.
    text = (
        "# Notes\n\n"
        "Clean it.[^clean]\n\n"
        "[^clean]: By default it keeps templates.\n\n"
        "    Before deleting, it *asks*. For example:\n\n"
        "    ```text\n    Deleting: _build\n    ```\n\n"
        "After.\n\n"
        "    real_code()\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Clean it.\n\n[clean] By default it keeps templates.\n\n"
        "Before deleting, it asks. For example:\n\n```text\nDeleting: _build\n```\n\n"
        "After.\n\n```\nreal_code()\n```"
    ]


def test_a_link_reference_whose_label_holds_brackets_in_code_reads_as_its_text() -> None:
    # undici 8.14.0's API pages: CommonMark refuses such a label, so the references stayed
    # as written and the definitions read as a paragraph ending the page's last section.
    text = (
        "# Pool\n\n"
        "Implements [`dispatcher.close([callback])`][]. See [`Client`][] too.\n\n"
        "## Event: 'drain'\n\n"
        "See [`Dispatcher` Event: `'drain'`][].\n\n"
        "[`Client`]: Client.md#class-client\n"
        "[`dispatcher.close([callback])`]: Dispatcher.md#dispatcherclosecallback\n"
        "[`Dispatcher` Event: `'drain'`]: Dispatcher.md#event-drain 'The event'\n"
    )
    assert [s.body for s in parse(text, "Pool.md").sections] == [
        "Implements `dispatcher.close([callback])`. See `Client` too.",
        "See `Dispatcher` Event: `'drain'`.",
    ]
    prose = "[Note]: this line is prose.\n\n[x]: two words\n"
    assert parse(f"# T\n\n{prose}", "p.md").sections[0].body == prose.strip()


def test_an_alert_in_githubs_earlier_bold_form_reads_as_its_kind() -> None:
    # fastify 5.12.8's Getting-Started.md and ioredis 6.1.0's README: "> **Note**" and
    # "> **Warning**" alone on the quote's first line, as GitHub's 2022 beta wrote alerts.
    text = (
        "# Setup\n\n"
        "> **Note**\n> Listens on *localhost* only.\n\n"
        "> **Warning:**\n> Deprecated.\n>\n> Use `tls` instead.\n\n"
        "> **Note** that a sentence stays a quote.\n"
    )
    assert parse(text, "x.md").sections[0].body == (
        "Note: Listens on localhost only.\n\n"
        "Warning: Deprecated.\n\nUse `tls` instead.\n\n"
        "> Note that a sentence stays a quote."
    )


def test_a_nestjs_callout_reads_as_its_label() -> None:
    # docs.nestjs.com: the quote's class, then its label in bold; 600 quotes read
    # "> info Hint To create ..." with their class as a word of the text.
    text = (
        "# Controllers\n\n"
        "> info **Hint** To create a controller, run `nest g controller`.\n\n"
        "> warning **Warning** Nest detects `@Res()`.\n> It disables the *standard* approach.\n\n"
        "> warning error **Warning** Two classes.\n\n"
        "> info about **this** stays a quote.\n"
    )
    assert parse(text, "x.md").sections[0].body == (
        "Hint: To create a controller, run `nest g controller`.\n\n"
        "Warning: Nest detects `@Res()`. It disables the standard approach.\n\n"
        "Warning: Two classes.\n\n"
        "> info about this stays a quote."
    )


def test_html_code_reads_as_a_code_span() -> None:
    # Haystack 2.30's API reference (pydoc-markdown) writes its types as HTML code: 6,654 of
    # them read as plain words ("azure_endpoint (str | None)").
    text = (
        "# init\n\n- **azure_endpoint** (<code>str | None</code>) – The endpoint.\n\n"
        "Bases: <code>OpenAIGenerator</code>; <code>a`b</code>, <code>left open\n"
    )
    assert parse(text, "generators_api.md").sections[0].body == (
        "- azure_endpoint (`str | None`) – The endpoint.\n\n"
        "Bases: `OpenAIGenerator`; a`b, left open"
    )


def test_a_page_without_a_lead_reads_its_front_matter_description_under_its_title() -> None:
    # npm 11.21.3's docs/content/commands/npm-install.md: its one-line summary is in its front
    # matter, which npm's own pages show under the title; the page opens with "### Synopsis".
    text = (
        "---\n"
        "title: npm-install\n"
        "section: 1\n"
        "description: Install a package\n"
        "---\n"
        "\n"
        "### Synopsis\n"
        "\n"
        "Run it.\n"
    )
    parsed = parse(text, "commands/npm-install.md")
    assert [(s.heading, s.body, s.line_start) for s in parsed.sections] == [
        ("npm-install", "Install a package", 4),
        ("Synopsis", "Run it.", 7),
    ]
    # A lead of its own, or a level 1 title, keeps the page as written.
    led = text.replace("### Synopsis", "Installs.\n\n### Synopsis")
    assert bodies(parse(led, "x.md")) == ["Installs.", "Run it."]
    titled = text.replace("### Synopsis", "# npm install\n\n### Synopsis")
    assert bodies(parse(titled, "x.md")) == ["", "Run it."]


def test_a_front_matter_subtitle_reads_under_the_page_title() -> None:
    # Jupyter Book 2.1.7 (mystmd) gives 13 pages a subtitle shown under their title ("Install
    # the Jupyter Book tools from PyPI, npm, or conda-forge."); it was dropped.
    text = (
        "---\n"
        "title: Install Jupyter Book\n"
        "subtitle: Install the *tools* from PyPI.\n"
        "---\n"
        "\n"
        "Jupyter Book is available.\n"
        "\n"
        "## Next\n"
        "\n"
        "More.\n"
    )
    parsed = parse(text, "install.md")
    assert [(s.heading, s.body, s.line_start) for s in parsed.sections] == [
        ("Install Jupyter Book", "Install the tools from PyPI.\n\nJupyter Book is available.", 3),
        ("Next", "More.", 8),
    ]
    # Under a level 1 title that opens the page, as Quarto and mystmd show it.
    titled = text.replace("Jupyter Book is available.", "# Install\n\nJupyter Book is available.")
    assert bodies(parse(titled, "x.md"))[0] == (
        "Install the tools from PyPI.\n\nJupyter Book is available."
    )


def test_struck_through_text_keeps_its_marks() -> None:
    # mockjs 1.1.0's README lists a feature it dropped, struck through; wot-design-uni's
    # docs strike a deprecated prop's row, with ~~ or HTML's <s>. A heading's marks go, as
    # its code's do.
    text = (
        "# ~~Old~~ Features\n"
        "\n"
        "* ~~Generate simulated data according to HTML-based templates~~\n"
        "* Generate simulated data according to data templates\n"
        "\n"
        "| Name | Description |\n"
        "| --- | --- |\n"
        "| ~~use-suffix-slot~~ | ~~是否使用输入框右侧插槽~~（已废弃） |\n"
        "| <s>title-slot</s> | <del>使用 title 插槽时需要设置该属性</del>，已废弃 |\n"
    )
    parsed = parse(text, "README.md")
    assert [s.heading for s in parsed.sections] == ["Old Features"]
    assert bodies(parsed) == [
        "- ~~Generate simulated data according to HTML-based templates~~\n"
        "- Generate simulated data according to data templates\n"
        "\n"
        "Name | Description\n"
        "~~use-suffix-slot~~ | ~~是否使用输入框右侧插槽~~（已废弃）\n"
        "~~title-slot~~ | ~~使用 title 插槽时需要设置该属性~~，已废弃"
    ]


def test_an_html_image_names_its_heading_and_its_cell_by_its_alt_text() -> None:
    # Waterline 0.15.2's README opens with '# [<img ... alt="Waterline logo"/>](...)': the
    # page's first section had no heading, as a Markdown image's alt text gives one. A badge
    # beside a heading's words stays nothing; a browser's logo in a cell names its row.
    source = (
        '# [<img title="logo" src="http://i.imgur.com/w.png" alt="Waterline logo"/>](http://w.org)'
        '\n\nStorage.\n\n## Name [<img src="https://img.shields.io/npm/v/w.svg" alt="npm">]'
        "(https://npmjs.com)\n\nText.\n\n| Browser | Works |\n|---|---|\n"
        '| <img src="chrome.png" alt="Chrome"> | yes |\n'
    )
    assert [(s.heading, s.body) for s in parse(source, "README.md").sections] == [
        ("Waterline logo", "Storage."),
        ("Name", "Text.\n\nBrowser | Works\nChrome | yes"),
    ]


def test_a_fence_opened_with_trailing_spaces_is_read() -> None:
    # Material for MkDocs 9.7.6's insiders/upgrade.md opens a block with '``` ' (a space after
    # the backticks): reading the block's first word of an info string of spaces failed, and
    # the whole page was skipped as one that could not be parsed.
    text = '# Upgrade\n\n=== "git"\n\n    ``` \n    git pull\n    ```\n\n```\t\nmake\n```\n'
    assert bodies(parse(text, "upgrade.md")) == ["git:\n```\ngit pull\n```\n\n```\nmake\n```"]
