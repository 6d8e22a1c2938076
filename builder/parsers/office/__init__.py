"""Read the binary document formats, PDF, DOCX, PPTX and XLSX, behind the ``office`` extra.

Every reader turns a file's bytes into a ParsedFile or raises UnreadableDocument with the
reason the file is skipped: the build never fails on one such file. Without the extra, the
readers' libraries are missing and each such file is skipped with the install hint.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import PurePosixPath

from builder.errors import UnreadableDocument
from builder.model import ParsedFile

# Suffix → (the distribution that reads it, the module it is imported as).
READERS: dict[str, tuple[str, str]] = {
    ".pdf": ("pypdf", "pypdf"),
    ".docx": ("python-docx", "docx"),
    ".pptx": ("python-pptx", "pptx"),
    ".xlsx": ("openpyxl", "openpyxl"),
}
OFFICE_SUFFIXES = frozenset(READERS)
EXTRA = "doctrove[office]"


def install_hint(suffix: str) -> str:
    return f"install {EXTRA} to read {suffix} files"


def reader_version(relpath: str) -> str:
    """The name and version of the library that reads this file, or "missing": part of the
    build cache's key, so installing the extra (or upgrading it) re-reads the file."""
    distribution, module = READERS[PurePosixPath(relpath).suffix.lower()]
    try:
        imported = importlib.import_module(module)
    except ImportError:
        return "missing"
    return f"{distribution} {getattr(imported, '__version__', '')}"


def parse_document(relpath: str, data: bytes) -> ParsedFile:
    """Parse one PDF or Office file; raise UnreadableDocument with the reason it is skipped."""
    suffix = PurePosixPath(relpath).suffix.lower()
    if suffix not in READERS:
        raise ValueError(f"{relpath} is not a PDF or Office file")
    _, module = READERS[suffix]
    try:
        importlib.import_module(module)
    except ImportError as exc:
        raise UnreadableDocument(install_hint(suffix)) from exc
    return _reader(suffix)(relpath, data)


def _reader(suffix: str) -> Callable[[str, bytes], ParsedFile]:
    if suffix == ".pdf":
        from builder.parsers.office.pdf import read_pdf

        return read_pdf
    from builder.parsers.office.zip_guard import check_archive

    def read_checked(relpath: str, data: bytes) -> ParsedFile:
        check_archive(data)
        if suffix == ".docx":
            from builder.parsers.office.docx import read_docx

            return read_docx(relpath, data)
        if suffix == ".pptx":
            from builder.parsers.office.pptx import read_pptx

            return read_pptx(relpath, data)
        from builder.parsers.office.xlsx import read_xlsx

        return read_xlsx(relpath, data)

    return read_checked
