"""The heading Sphinx gives sphinx-exercise's and sphinx-proof's blocks: their kind, then the
title their argument gives, in parentheses ("Exercise 1 ($n!$ Factorial)", "Theorem 2
(Pythagoras)"); the number is Sphinx's count on the page and is left out."""

from __future__ import annotations

# sphinx-exercise's blocks, with the gated form's opening directives. A solution's argument
# is the label of its exercise, no title of its own.
_EXERCISE_KINDS = {
    "exercise": "Exercise", "exercise-start": "Exercise",
    "solution": "Solution", "solution-start": "Solution",
}  # fmt: skip
_UNTITLED = frozenset({"solution", "solution-start", "prf:proof"})
# sphinx-proof's directives, each named "prf:" and its kind.
_PROOF_KINDS = frozenset({
    "algorithm", "assumption", "axiom", "conjecture", "corollary", "criterion", "definition",
    "example", "lemma", "observation", "proof", "property", "proposition", "remark", "theorem",
})  # fmt: skip
NUMBERED_BLOCKS = frozenset(_EXERCISE_KINDS) | {f"prf:{kind}" for kind in _PROOF_KINDS}


def block_label(name: str, title: str) -> str:
    """The heading of the block ``name`` (one of NUMBERED_BLOCKS) whose argument is ``title``."""
    kind = _EXERCISE_KINDS.get(name) or name.removeprefix("prf:").capitalize()
    return f"{kind} ({title})" if title and name not in _UNTITLED else kind
