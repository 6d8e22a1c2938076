"""NumPy docstring sections with no text, left out as numpydoc reads them.

numpydoc and napoleon end a section at the next title over its line of dashes, so a section
whose text is missing is empty. griffe reads on past the blank lines under its title and takes
the next section's title, dashes and text for its items. A section is empty where a project
formats its text in at import time and the code alone does not say it: seaborn 0.13.2's
``relplot.__doc__`` has ``Returns`` over ``{returns.facetgrid}``, and its "Examples" title,
its dashes and its text read as three items of the return value.
"""

from __future__ import annotations

import re

# A title over its dashes, then nothing but blank lines before the next title over its dashes
# at the same indent: the first section is empty.
_EMPTY_SECTION = re.compile(
    r"^([ \t]*)[A-Za-z][A-Za-z ]{0,40}\n\1-{3,}[ \t]*\n(?:[ \t]*\n)*"
    r"(?=\1[A-Za-z][A-Za-z ]{0,40}\n\1-{3,}[ \t]*$)",
    re.MULTILINE,
)


def without_empty_sections(text: str) -> str:
    """``text`` without its NumPy sections that hold nothing before the next one."""
    return _EMPTY_SECTION.sub("", text) if "---" in text else text
