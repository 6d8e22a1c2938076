"""JSDoc's and TSDoc's inline links (``{@link firstValueFrom}``) read as the text they show.

Docs written beside TypeScript code keep the tags their doc comments use, and their site's
generator (dgeni for RxJS's guides, TypeDoc, API Extractor) renders each as a link:
``{@link EmptyError}`` shows "EmptyError", ``{@link guide/installation install}`` and
``{@link Observable|the Observable}`` show their text, ``{@link api#index 'rxjs'}`` its
quoted text. Read as written, the braces and the tag stayed in the prose.
"""

from __future__ import annotations

import re

# The tag (link, linkcode, linkplain), its target, then the text shown, after a space or a
# bar, quoted or not. Possessive and atomic: each part ends where the next cannot begin, and
# backtracking into them ("{@link " then a 20,000-character word and no "}") retried the
# text after each shorter target, 1.7 s for that word, quadratic.
_INLINE_LINK = re.compile(r"\{@link(?:code|plain)?\s++([^\s|{}]++)(?>\s*\|\s*|\s+)?([^{}]*+)\}")


def has_inline_links(text: str) -> bool:
    return "{@link" in text


def show_inline_links(text: str) -> str:
    """``text`` with each inline link replaced by the text it shows."""
    return _INLINE_LINK.sub(_shown, text)


def _shown(match: re.Match[str]) -> str:
    label = match.group(2).strip()
    if len(label) > 1 and label[0] == label[-1] and label[0] in "'\"":
        label = label[1:-1]
    return label or match.group(1)
