"""Links to an object written as ``[`Name`]`` (Hugging Face's doc-builder, rustdoc)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builder.parsers.markdown.parser import parse
from tests.test_parsers_markdown import bodies


def test_a_bracketed_name_reads_as_its_code() -> None:
    # PEFT v0.20.0: "with the [`~LoraModel.add_weighted_adapter`] method", brackets and tilde
    # kept, 398 times across its pages and docstrings.
    text = (
        "# Merge\n\n"
        "Use the [`~LoraModel.add_weighted_adapter`] method of [`PeftModel`], or "
        "[`utils.gather`]. Print with [`~Accelerator.print`]: call [`get_peft_model()`].\n"
    )
    assert bodies(parse(text, "merge.md")) == [
        "Use the `add_weighted_adapter` method of `PeftModel`, or `utils.gather`. Print with "
        "`print`: call `get_peft_model()`."
    ]


def test_links_code_and_brackets_after_a_word_stay_as_they_were() -> None:
    text = (
        "# Kept\n\n"
        "[`x`](https://a.example), [`y`][z], [`w`]\n[z], list[`int`], ``[`~a.b`]``, [`two words`], "
        "[`defined`].\n\n"
        "[z]: https://b.example\n"
        "[`defined`]: https://c.example\n"
    )
    assert bodies(parse(text, "kept.md")) == [
        "`x`, `y`, [`w`] z, list[`int`], ``[`~a.b`]``, [`two words`], `defined`."
    ]


def test_backtick_runs_that_never_close_are_read_in_linear_time() -> None:
    """Code spans are told by one scan of the backtick runs: a code span's pattern, tried at
    each run and at each of its lengths, would scan the rest of the paragraph every time
    (runs of every length up to 440, none closed, near 100 KB). The subprocess's timeout
    guards against that hang; it is no timing."""
    script = (
        "from builder.parsers.markdown.parser import parse\n"
        "runs = ''.join('`' * n + ' a ' for n in range(1, 440))\n"
        "text = '# A\\n\\n[`~a.x`] ' + runs + '\\n'\n"
        "print(parse(text, 'x.md').sections[0].body.startswith('`x` `'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split("\n")[:1] == ["True"]


def test_a_remark_in_parentheses_after_a_space_and_rustdoc_paths() -> None:
    # "] (" is no destination in CommonMark: the name and a remark (rustdoc's
    # "[`imap::DEFAULT_MAILBOX`] (`INBOX`)"); a path's parts may be joined by "::".
    text = (
        "# Paths\n\n"
        "Call [`~Accelerator.prepare`] (once), read [`imap::DEFAULT_MAILBOX`] (`INBOX`), "
        "[`Self::Opaque`] and [`~crate::Body::merge()`].\n"
    )
    assert bodies(parse(text, "paths.md")) == [
        "Call `prepare` (once), read `imap::DEFAULT_MAILBOX` (`INBOX`), `Self::Opaque` and "
        "`merge()`."
    ]


def test_a_page_without_doc_builder_syntax_keeps_its_brackets() -> None:
    # uuid's README: "[`options`]" marks an optional parameter, shown with its brackets.
    text = (
        "# uuid.v4([options[, buffer]])\n\n"
        "| | |\n| --- | --- |\n| [`options`] | `Object` with random bytes |\n"
    )
    assert bodies(parse(text, "README.md")) == ["[`options`] | `Object` with random bytes"]


def test_doc_builder_s_notice_marks_a_page_without_shortened_names() -> None:
    text = (
        "<!--⚠️ Note that this file is in Markdown but contain specific syntax for our "
        "doc-builder (similar to MDX)-->\n\n# Overview\n\nWrap it in [`PeftModel`].\n"
    )
    assert bodies(parse(text, "overview.md")) == ["Wrap it in `PeftModel`."]


def test_a_link_of_its_own_in_a_subscript_reads_as_its_code() -> None:
    # PEFT v0.20.0's parameter types: "peft_type (Union[[`~peft.utils.config.PeftType`],
    # `str`])", which doc-builder links; a name after a word is a subscript's, kept.
    text = (
        "# Config\n\n"
        "- peft_type (Union[[`~peft.utils.config.PeftType`], `str`]): The type. "
        "Optional[[`Cache`]], list[`int`], [[`x`]](https://a.example).\n"
    )
    assert bodies(parse(text, "config.md")) == [
        "- peft_type (Union[`PeftType`, `str`]): The type. Optional[`Cache`], list[`int`], [`x`]."
    ]
