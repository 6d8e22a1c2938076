"""Fitting bodies into a size budget: block boundaries, never an open code fence."""

import pytest

from client.search.trim import Block, Budgeted, Trimmed, fit_budget, split_blocks, trim_body

BODY = (
    "First paragraph.\n"
    "Still the first.\n"
    "\n"
    "```python\n"
    "def f():\n"
    "\n"
    "    return 1\n"
    "```\n"
    "\n"
    "Second paragraph.\n"
    "\n"
    "~~~\n"
    "unclosed tilde fence\n"
)


def test_split_blocks() -> None:
    assert split_blocks(BODY) == [
        Block("First paragraph.\nStill the first.", code=False),
        Block("```python\ndef f():\n\n    return 1\n```", code=True),
        Block("Second paragraph.", code=False),
        Block("~~~\nunclosed tilde fence\n", code=True),
    ]


def test_a_fence_line_inside_another_fence_kind_does_not_close_it() -> None:
    body = "~~~\n```\nstill code\n~~~\nafter"
    assert split_blocks(body) == [Block("~~~\n```\nstill code\n~~~", True), Block("after", False)]


def test_a_body_that_fits_is_untouched() -> None:
    assert trim_body(BODY, len(BODY), first=True) == Trimmed(BODY, False)


def fences_balanced(text: str) -> bool:
    opened: str | None = None
    for line in text.split("\n"):
        stripped = line.strip()
        for mark in ("```", "~~~"):
            if stripped.startswith(mark):
                if opened is None:
                    opened = mark
                elif opened == mark and stripped == mark:
                    opened = None
    return opened is None


CLOSED = BODY.replace("~~~\nunclosed tilde fence\n", "~~~\nclosed\n~~~")


@pytest.mark.parametrize("room", range(len(CLOSED)))
def test_truncation_never_leaves_a_fence_open(room: int) -> None:
    body = CLOSED
    for first in (True, False):
        trimmed = trim_body(body, room, first=first)
        assert trimmed.truncated
        assert len(trimmed.body) <= room
        assert fences_balanced(trimmed.body)


def test_truncation_keeps_whole_blocks() -> None:
    trimmed = trim_body(BODY, 80, first=False)
    assert trimmed == Trimmed(
        "First paragraph.\nStill the first.\n\n```python\ndef f():\n\n    return 1\n```", True
    )


def test_the_first_block_is_cut_at_a_word_when_nothing_fits() -> None:
    body = "alpha beta gamma delta epsilon zeta eta theta\n\nnext"
    assert trim_body(body, 20, first=True) == Trimmed("alpha beta gamma …", True)
    assert trim_body(body, 20, first=False) == Trimmed("", True)


def test_an_oversized_first_code_block_is_cut_at_a_line_and_closed() -> None:
    body = "```js\nline one\nline two\nline three\n```"
    assert trim_body(body, 30, first=True) == Trimmed("```js\nline one\nline two\n```", True)


def test_fit_budget_counts_truncated_and_omitted() -> None:
    two_paragraphs = "b" * 200 + "\n\n" + "b" * 400
    bodies = ["a" * 100, two_paragraphs, "c" * 200, "d" * 50]
    # 120 tokens = 480 characters, headings included: A whole (101), B cut to its first
    # paragraph (201), C (201) does not fit in the 178 left and is one paragraph, D (51) fits.
    budget = fit_budget(["A", "B", "C", "D"], bodies, 120)
    assert budget.bodies == (
        Trimmed("a" * 100, False),
        Trimmed("b" * 200, True),
        None,
        Trimmed("d" * 50, False),
    )
    assert (budget.truncated, budget.omitted) == (1, 1)


def test_a_section_left_less_than_the_minimum_is_omitted_not_stubbed() -> None:
    budget = fit_budget(["A", "B"], ["a" * 150, "b" * 100 + "\n\n" + "b" * 400], 100)
    assert budget.bodies == (Trimmed("a" * 150, False), None)
    assert (budget.truncated, budget.omitted) == (0, 1)


def test_fit_budget_always_answers_something() -> None:
    budget = fit_budget(["Huge"], ["word " * 1000], 100)
    (only,) = budget.bodies
    assert only is not None and only.truncated and only.body
    assert (budget.truncated, budget.omitted) == (1, 0)


def test_fit_budget_takes_a_later_small_section_that_still_fits() -> None:
    budget = fit_budget(["A", "B", "C"], ["a" * 390, "b" * 500, "c" * 3], 100)
    assert [b.body if b else None for b in budget.bodies] == ["a" * 390, None, "c" * 3]
    assert (budget.truncated, budget.omitted) == (0, 1)


def test_fit_budget_names_extras_only_while_the_body_keeps_its_room() -> None:
    # 400 characters: the 200-character body stays whole, one 150-character name fits beside it.
    budget = fit_budget(["A"], ["a" * 200], 100, [["x" * 150, "y" * 150]])
    assert budget.bodies == (Trimmed("a" * 200, False),) and budget.named == (1,)
    # A long body keeps MIN_PART_CHARS of itself before any name is spent.
    budget = fit_budget(["A"], ["word " * 1000], 100, [["x" * 150]])
    assert budget.named == (0,)
    assert fit_budget(["A"], ["a"], 100).named == (0,)


def test_the_room_lent_to_the_first_section_is_not_spent_again() -> None:
    # However small the budget, the first section shows MIN_PART_CHARS; the sections after it
    # were then added on top, as if that room had been there.
    budget = fit_budget(["f" * 100, "g" * 10], ["b" * 250, "c" * 5], 100, reserved=200)
    assert budget.bodies[0] == Trimmed("b" * 250, False)
    assert budget.bodies[1] is None and budget.omitted == 1


LEAD_IN = (
    "Yargs parses arguments.\n"
    "\n"
    "As of v16, yargs supports Deno:\n"
    "\n"
    "```typescript\n"
    "import yargs from 'https://deno.land/x/yargs/deno.ts'\n"
    "yargs(Deno.args).command('download <files...>', 'download a list of files').parse()\n"
    "```"
)


def test_a_lead_in_goes_with_the_code_block_left_out() -> None:
    # The dogfood3 pass: cut to maxTokens, the answer ended on "... supports Deno:".
    trimmed = trim_body(LEAD_IN, 80, first=False)
    assert trimmed == Trimmed("Yargs parses arguments.", True)


def test_a_lead_in_that_is_all_the_body_keeps_shows_the_code_cut_at_a_line() -> None:
    body = LEAD_IN.split("\n\n", 1)[1]
    trimmed = trim_body(body, 110, first=False)
    lines = trimmed.body.split("\n")
    assert lines[0] == "As of v16, yargs supports Deno:" and lines[2] == "```typescript"
    assert lines[-1] == "```" and len(trimmed.body) <= 110 and trimmed.truncated


def test_a_paragraph_ending_with_a_colon_before_prose_is_kept() -> None:
    body = "Options are:\n\nSeveral, as the next paragraph says at length. " + "x" * 200
    assert trim_body(body, 40, first=False) == Trimmed("Options are:", True)


def test_the_budget_note_names_only_what_was_cut() -> None:
    from client.search.sections import _budget_hint

    omitted_only = _budget_hint(Budgeted((None,), truncated=0, omitted=2), 500)
    assert omitted_only == (
        "cut to fit maxTokens=500: 2 more relevant section(s) omitted; raise maxTokens for more"
    )
    both = _budget_hint(Budgeted((None,), truncated=1, omitted=1), 500)
    assert both is not None and "1 section(s) truncated (read one whole by its page#anchor)" in both
    assert _budget_hint(Budgeted((), truncated=0, omitted=0), 500) is None
