"""Hugo shortcodes in Markdown pages: notes, tabs and references read as what Hugo renders."""

from __future__ import annotations

from builder.parsers.markdown.hugo_shortcodes import rewrite_shortcodes
from builder.parsers.markdown.parser import parse


def test_notes_tabs_and_references_read_as_hugo_renders_them() -> None:
    # poetry 2.4.1's docs (Hugo) hold 177 notes and warnings, 49 tabs and 117 references as
    # shortcodes; read as text, 157 of its 324 sections showed raw tags such as
    # '{{% note %}} ... {{% /note %}}' and '[Introduction]({{< relref "docs" >}})'.
    text = (
        "# Install\n"  # 1
        "\n"
        "{{% note %}}\n"  # 3
        "Use a *virtual* environment.\n"
        "{{% /note %}}\n"  # 5
        "\n"
        '{{< tabs tabTotal="2" tabID1="pipx" tabID2="manual" tabName1="With pipx" '
        'tabName2="Manually (advanced)">}}\n'  # 7
        '{{< tab tabID="pipx" >}}\n'  # 8
        "```bash\npipx install poetry\n```\n"  # 9-11
        "{{< /tab >}}\n"  # 12
        '{{< tab tabID="manual" >}}\n'
        "Download it. {{< warning >}} Check the hash.\n"
        "{{< /tab >}}\n"
        "{{< /tabs >}}\n"  # 16
        "\n"
        '## Use\n\nSee [the basics]({{< relref "basic-usage#setup" >}} "Basics") and '
        "{{< unknown >}}{{</* note */>}}.\n"  # 20
    )
    parsed = parse(text, "index.md")
    assert [(s.heading, s.body, s.line_start, s.line_end) for s in parsed.sections] == [
        (
            "Install",
            "Note: Use a virtual environment.\n\n"
            "With pipx:\n```bash\npipx install poetry\n```\n\n"
            "Manually (advanced): Download it. Warning: Check the hash.",
            1,
            14,  # the tags closing the tabs are no text
        ),
        ("Use", "See the basics and {{< note >}}.", 18, 20),
    ]
    assert parsed.warnings == ()


def test_the_rewrite_keeps_lines_and_an_unpaired_tag_leaves_its_title() -> None:
    text = (
        '{{< details "Why?" >}}\nBecause.\n{{% /note %}}\n'
        "  {{< tip >}}\n  Indented.\n  {{< /tip >}}\n"
        '```go-html-template\n{{< youtube "id" >}}\n```'
    )
    assert rewrite_shortcodes(text) == (
        "Why?\nBecause.\n\n  !!! tip\n      Indented.\n\n"
        '```go-html-template\n{{< youtube "id" >}}\n```'
    )
