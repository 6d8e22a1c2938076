"""builder.parsers.markdown.callout_components: an MDX callout component shows its kind, as
a Markdown admonition does."""

from __future__ import annotations

from builder.parsers.markdown.callout_components import callout_kind
from builder.parsers.markdown.parser import parse


def body(text: str, relpath: str = "x.mdx") -> str:
    (section,) = parse(text, relpath).sections
    return section.body


def test_asides_admonitions_and_callouts_read_under_their_kind() -> None:
    text = (
        "# Setup\n\n"
        '<Aside type="caution" title="Heads up">\nBe **careful**.\n</Aside>\n\n'
        "<Aside>\nA note.\n</Aside>\n\n"
        '<Admonition type="tip">\n\nUse the cache.\n\n</Admonition>\n\n'
        '<Callout type="error">This is an error callout.</Callout>\n\n'
        '<Callout emoji="💡">\n  A plain callout.\n</Callout>\n\n'
        "<Warning>Mintlify **warns**.</Warning>\n\n"
        "Text with <Note>inline</Note> words.\n"
    )
    assert body(text) == (
        "Caution: Heads up\n\nBe careful.\n\n"
        "Note:\n\nA note.\n\n"
        "Tip:\n\nUse the cache.\n\n"
        "Error: This is an error callout.\n\n"
        "A plain callout.\n\n"
        "Warning: Mintlify warns.\n\n"
        "Text with inline words."
    )


def test_apollos_caution_reads_as_one() -> None:
    # Apollo Client 4.2's docs: 16 <Caution> boxes read as plain paragraphs, the warning
    # that WebSocketLink is no longer recommended among them.
    text = "# Link\n\n<Caution>\n\n**We no longer recommend** `WebSocketLink`.\n\n</Caution>\n"
    assert body(text) == "Caution:\n\nWe no longer recommend `WebSocketLink`."


def test_an_html_aside_in_a_markdown_page_keeps_its_title_out() -> None:
    # Outside MDX, <ASIDE title> is HTML and its title a tooltip.
    assert body('# A\n\n<ASIDE title="Tooltip">\nWords.\n</ASIDE>\n', "a.md") == "Words."


def test_the_kinds() -> None:
    assert callout_kind("Aside", ' type="danger"') == "Danger"
    assert callout_kind("Callout", " type='warn'") == "Warning"
    assert callout_kind("Callout", ' type="default"') == ""
    assert callout_kind("Callout", "") == ""
    assert callout_kind("Tip", "") == "Tip"
    assert callout_kind("Card", ' type="note"') == ""


def test_a_doc_builder_tip_marked_as_a_warning_is_one() -> None:
    # Accelerate v1.14.0's launch guide: "It's recommended you run `accelerate config`" in a
    # <Tip warning={true}>, drawn as a warning, read as a tip (25 such on its pages).
    text = (
        "# Launch\n\n<Tip warning={true}>\n\nRun config first.\n\n</Tip>\n\n"
        "<Tip>\n\nOr torchrun.\n\n</Tip>\n"
    )
    assert body(text, "launch.md") == "Warning:\n\nRun config first.\n\nTip:\n\nOr torchrun."
    assert callout_kind("Tip", " warning") == "Warning"
    assert callout_kind("Tip", ' warning="true"') == "Warning"
    assert callout_kind("Tip", " warning={false}") == "Tip"
    assert callout_kind("Tip", ' title="warning"') == "Tip"
