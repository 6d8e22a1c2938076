"""How much text one page's entries may repeat: each object a description names gets the text
the names share (builder.parsers.rst.signature_groups, and the built-HTML reader's objects of
one ``<dl>``), a copy per name. Real pages repeat a sentence a few times (psutil's platform
constants: 9 copies), but the copies grow as names times text: a 319-kilobyte page of 4,000
names over one long text made 800 MB of sections. A page's copies stop at MAX_SHARED_CHARS;
the names past it keep their signature alone, the text staying with the last name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

# The most characters one page's copies of shared text may add to its sections.
MAX_SHARED_CHARS = 1_000_000


@dataclass
class SharedTextBudget:
    """What one page's copies of shared text may still add, in characters."""

    chars: int = MAX_SHARED_CHARS

    def take(self, blocks: Sequence[str]) -> bool:
        """Counts one copy of ``blocks``: whether it fits (once one does not, none does)."""
        size = sum(len(block) for block in blocks)
        if size > self.chars:
            self.chars = 0
            return False
        self.chars -= size
        return True
