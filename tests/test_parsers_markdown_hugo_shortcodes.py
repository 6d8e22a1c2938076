"""Hugo shortcodes in Markdown pages: notes, tabs and references read as what Hugo renders."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builder.parsers.markdown.hugo_shortcodes import MAX_NESTED_BLOCKS, rewrite_shortcodes
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


def test_long_unclosed_tags_are_read_in_linear_time() -> None:
    """A tag's name and arguments both took letters, and its unquoted arguments ran past the
    next tag: '{{< ' and 100 KB of letters, or a line of '{{<a' repeated, backtracked for
    minutes (each over 5 s at 100 KB), as did a 100 KB argument word in _NAMED and
    _POSITIONAL and a line of '{{</*'. The subprocess's timeout guards against that hang; it
    is not a timing."""
    script = (
        "from builder.parsers.markdown.hugo_shortcodes import has_shortcodes, rewrite_shortcodes\n"
        "n = 1_000_000\n"
        "assert not has_shortcodes('{{< ' + 'a' * n)\n"
        "assert not has_shortcodes('{{<a' * (n // 4))\n"
        "print(len(rewrite_shortcodes('see {{< relref ' + 'a' * n + '= >}}')))\n"
        "print(len(rewrite_shortcodes('{{< x >}}' + '{{</*' * (n // 5))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=120, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert [int(line) > 0 for line in done.stdout.split()] == [True, True]


def test_tags_with_long_arguments_still_read() -> None:
    # The possessive name and argument patterns find what the backtracking ones did.
    text = '{{< tab "' + "a" * 50 + '" >}}\nx\n{{< /tab >}}\n{{< relref "docs/cli" >}}'
    assert rewrite_shortcodes(text) == f'=== "{"a" * 50}"\n    x\n\ndocs/cli'


def test_a_tag_in_a_code_span_is_left_as_written() -> None:
    # A page that shows how to write a shortcode means the tag, as in fenced code; the link
    # around a reference outside one still reads as a link.
    text = 'Write `{{< relref "docs" >}}`, not ``{{< ref b >}}``: [x]({{< relref "a" >}}).'
    assert rewrite_shortcodes(text) == (
        'Write `{{< relref "docs" >}}`, not ``{{< ref b >}}``: [x](a).'
    )


def test_deeply_nested_notes_are_indented_no_further_than_the_limit() -> None:
    # Each level indented every line it held: 3,000 nested notes (12 KB) made 36 MB.
    depth = 3000
    text = "{{< note >}}\nx\n" * depth + "{{< /note >}}\n" * depth
    lines = rewrite_shortcodes(text).split("\n")
    assert len(lines) == len(text.split("\n"))
    assert max(len(line) for line in lines) == 4 * MAX_NESTED_BLOCKS + len("!!! note")
    assert lines[:4] == ["!!! note", "    x", "    !!! note", "        x"]


def test_a_tag_written_over_several_lines_is_read_as_one() -> None:
    # docsy (google/docsy, Aug 2026): its cover blocks and cards give an argument a line;
    # their openings stayed as written ('{{% card header="George Washington" title=...',
    # '> }}' read as a quote), and a name with a slash (blocks/cover) was no tag at all.
    text = (
        "{{% blocks/cover\n"
        '  title="Welcome to Docsy!"\n'
        '  height="full"\n'
        "%}}\nA theme.\n{{% /blocks/cover %}}\n"
        "{{< alert\n"
        '  title="Mind"\n'
        ">}}\nCareful.\n{{< /alert >}}\n"
        "```go-html-template\n{{< card\n  header=x\n>}}\n```\n"
        "{{% card\n" + '  header="x"\n' * 30 + "%}}\n"  # longer than a tag's lines
    )
    rewritten = rewrite_shortcodes(text)
    assert rewritten.count("\n") == text.count("\n")
    assert rewritten.split("\n")[:13] == [
        "Welcome to Docsy!", "", "", "", "A theme.", "",
        '!!! note "Mind"', "", "", "    Careful.", "",
        "```go-html-template", "{{< card",
    ]  # fmt: skip
    assert rewritten.split("\n")[16] == "{{% card"
    for hostile in ("{{% card\n" * 50_000, "{{< a\n" + "x=1\n" * 50_000 + ">}}"):
        assert rewrite_shortcodes(hostile).count("\n") == hostile.count("\n")
