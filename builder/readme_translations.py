"""Tell the translations of a project's README beside it: the same page in other languages.

A package often ships its README's translations at its top (README_zh.md, README.zh-CN.md,
README-pt_BR.md). Read beside the README as pages of their own, each repeats it, and a
question in English found the Chinese copy as often as the page; init leaves them out.
"""

from __future__ import annotations

import re
from pathlib import Path

# A README, and a translation of one beside it: "README" and a language's code, perhaps with
# its region or script (zh-CN, pt_BR, zh-Hans), after a dot, a dash or an underscore.
_READMES = frozenset({"readme.md", "readme.markdown"})
_LANGUAGE_CODES = (
    "ar|bg|bn|ca|cn|cs|da|de|el|es|fa|fi|fr|he|hi|hu|id|it|ja|jp|kr|ko|ms|nl|no|pl|pt|ro|ru"
    "|sk|sv|th|tr|tw|uk|ua|vi|zh"
)
_README_TRANSLATION = re.compile(
    rf"readme[._-](?:{_LANGUAGE_CODES})(?:[_-][a-z]{{2,4}})?\.(?:md|markdown)", re.IGNORECASE
)


def readme_translations(folder: Path) -> tuple[str, ...]:
    """The names of the translations of the README at the top of ``folder`` (exceljs 4.4.0's
    README_zh.md, 118 sections, half of the package's); none without a README beside them."""
    names = sorted(path.name for path in folder.iterdir() if path.is_file())
    if not any(name.lower() in _READMES for name in names):
        return ()
    return tuple(name for name in names if _README_TRANSLATION.fullmatch(name))
