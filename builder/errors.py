"""The builder's exception tree; the CLI maps ``exit_code`` to the process exit status.

BuildError (exit 1)              something failed while building
├── ConfigError (exit 2)         docbuild.toml is invalid; carries every problem found
├── SourceError (exit 1)         an input file or directory could not be read
│   ├── UnsafeArchive (exit 1)   an archive or git tree would write outside its folder or is too big
│   └── UnreadableDocument       a PDF or Office file is skipped, and why (caught per file)
├── IndexInvalid (exit 1)        an index failed validation; carries every problem found
└── StrictWarnings (exit 1)      --strict was given and the build produced warnings
"""

from __future__ import annotations

from collections.abc import Sequence


class BuildError(Exception):
    """Base of every error the builder raises on purpose."""

    code = "build"
    exit_code = 1


class ConfigError(BuildError):
    """The catalog file is invalid. ``problems`` lists each as "where: what is wrong"."""

    code = "config"
    exit_code = 2

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        count = len(self.problems)
        heading = f"{count} problem{'s' if count != 1 else ''} in the catalog"
        super().__init__(heading + ":\n" + "\n".join(f"  - {p}" for p in self.problems))


class SourceError(BuildError):
    """An input could not be read at all (as opposed to one file being skipped)."""

    code = "source"


class UnsafeArchive(SourceError):
    """An archive (or a git tree) has a member that would land outside the folder it is
    extracted into, or more members or bytes than the builder accepts."""

    code = "unsafe-archive"


class UnreadableDocument(SourceError):
    """A PDF or Office file that cannot be read as text: ``str(error)`` is the reason the
    build report gives for skipping it ("no text layer (needs OCR)")."""

    code = "unreadable-document"


class IndexInvalid(BuildError):
    """An index document broke the doctrove-index@1 rules."""

    code = "invalid-index"

    def __init__(self, what: str, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__(
            f"{what} is not a valid doctrove-index@1 document:\n"
            + "\n".join(f"  - {p}" for p in self.problems)
        )


class StrictWarnings(BuildError):
    """``--strict`` turns warnings into a failed build."""

    code = "strict"
