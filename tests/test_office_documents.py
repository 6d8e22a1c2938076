"""DOCX, PPTX and XLSX sources, the zip checks before any of them is opened, and the build:
bad documents are skipped with their reason and nothing else is affected."""

import io
import sys
import zipfile
from pathlib import Path

import pytest

from builder.config import load_catalog
from builder.errors import UnreadableDocument
from builder.parsers.office import parse_document, zip_guard
from builder.parsers.office import xlsx as xlsx_reader
from builder.parsers.office.outline import table_text
from builder.parsers.office.zip_guard import MAX_MEMBERS
from builder.pipeline import build_site
from tests.office_support import make_docx, make_pdf, make_pptx, make_scanned_pdf, make_xlsx

EXAMPLE_DOCX = (
    Path(__file__).parent.parent
    / "examples"
    / "ni-measurement-plugin-packager"
    / "1.3.0-dev3"
    / "user-manual.docx"
)


def zip_bomb() -> bytes:
    """A .docx-named zip whose one member expands 1,000 times (64 MB of zeros)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", b"<Types/>")
        with archive.open("word/document.xml", "w", force_zip64=True) as member:
            for _ in range(64):
                member.write(bytes(1024 * 1024))
    return buffer.getvalue()


def test_docx_headings_come_from_heading_styles_and_tables_become_rows() -> None:
    data = make_docx(
        [
            ("text", "Before any heading."),
            ("heading 1", "Install"),
            ("text", "Run the installer."),
            ("heading 2", "Options"),
            ("table", [["Name", "Meaning"], ["--quiet", "print | nothing"]]),
        ]
    )
    sections = parse_document("guide.docx", data).sections
    assert [(s.heading, s.heading_path, s.level) for s in sections] == [
        ("guide", (), 0),
        ("Install", (), 1),
        ("Options", ("Install",), 2),
    ]
    assert sections[1].body == "Run the installer."
    assert sections[2].body == "Name | Meaning\n--quiet | print \\| nothing"
    # Lines count the document's blocks: the table is the fifth.
    assert (sections[2].line_start, sections[2].line_end) == (4, 5)


def test_pptx_gives_a_section_per_slide_headed_by_its_title() -> None:
    data = make_pptx([("Overview", "What the tool does"), ("", "An untitled slide")])
    sections = parse_document("deck.pptx", data).sections
    assert [(s.heading, s.body, s.line_start) for s in sections] == [
        ("Overview", "What the tool does", 1),
        ("Slide 2", "An untitled slide", 2),
    ]


def test_xlsx_gives_a_section_per_sheet_as_a_table() -> None:
    data = make_xlsx([("Limits", [["Setting", "Default"], ["timeout", 30], [None, None]])])
    (section,) = parse_document("book.xlsx", data).sections
    assert (section.heading, section.body) == ("Limits", "Setting | Default\ntimeout | 30")
    assert (section.line_start, section.line_end) == (1, 2)


def test_a_long_sheet_is_cut_with_a_note(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(xlsx_reader, "MAX_SHEET_ROWS", 2)
    data = make_xlsx([("Codes", [["code"], [1], [2], [3]])])
    (section,) = parse_document("book.xlsx", data).sections
    assert section.body == "code\n1\n\n(The first 2 rows with content; the sheet has more.)"


def test_empty_cells_keep_rows_lined_up() -> None:
    assert table_text([["a", "b", "c"], ["x", "", ""]]) == "a | b | c\nx | - | -"


def test_a_zip_bomb_named_docx_is_refused() -> None:
    with pytest.raises(UnreadableDocument, match=r"archive bomb refused: word/document.xml"):
        parse_document("bomb.docx", zip_bomb())


def test_an_archive_of_too_many_members_is_refused() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for n in range(MAX_MEMBERS + 1):
            archive.writestr(f"m{n}", b"")
    with pytest.raises(UnreadableDocument, match=f"{MAX_MEMBERS + 1} members"):
        parse_document("many.xlsx", buffer.getvalue())


def test_an_oversized_member_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(zip_guard, "MAX_MEMBER_BYTES", 1000)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("ppt/media/image1.png", bytes(2000))
    with pytest.raises(UnreadableDocument, match=r"oversized member refused: ppt/media/"):
        parse_document("deck.pptx", buffer.getvalue())


def test_a_docx_that_is_no_zip_is_skipped() -> None:
    with pytest.raises(UnreadableDocument, match="not a zip archive"):
        parse_document("fake.docx", b"plain text")


def test_the_example_docx_reads_its_headings_and_tables() -> None:
    parsed = parse_document("user-manual.docx", EXAMPLE_DOCX.read_bytes())
    by_heading = {s.heading: s for s in parsed.sections}
    assert by_heading["Non-interactive mode"].heading_path == ("How to run?",)
    assert "--selected-meas-plugins" in by_heading["Non-interactive mode"].body
    assert "NI Package Manager | 2022 Q4 and above" in by_heading["Software Requirements"].body


@pytest.mark.parametrize("module", ["docx", "pptx", "openpyxl"])
def test_without_the_extra_office_files_are_skipped_with_the_install_hint(
    monkeypatch: pytest.MonkeyPatch, module: str
) -> None:
    suffix = {"docx": ".docx", "pptx": ".pptx", "openpyxl": ".xlsx"}[module]
    monkeypatch.setitem(sys.modules, module, None)
    with pytest.raises(UnreadableDocument) as caught:
        parse_document(f"file{suffix}", b"")
    assert str(caught.value) == f"install doctrove[office] to read {suffix} files"


CATALOG = """
[site]
title = "T"
base_url = "https://docs.example/"

[[libraries]]
id = "vendor"
name = "Vendor SDK"
  [[libraries.versions]]
  version = "1.0"
  path = "docs"
"""

GOOD_PDF_PAGES = [[("Pairing the device over the serial port takes one call.", 11, False)]]


def make_docs(root: Path) -> Path:
    docs = root / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Vendor SDK\n\nStart here.\n", encoding="utf-8")
    (docs / "manual.pdf").write_bytes(make_pdf(GOOD_PDF_PAGES))
    (docs / "scanned.pdf").write_bytes(make_scanned_pdf())
    (docs / "locked.pdf").write_bytes(make_pdf(GOOD_PDF_PAGES, password="secret"))
    (docs / "bomb.docx").write_bytes(zip_bomb())
    (root / "docbuild.toml").write_text(CATALOG, encoding="utf-8")
    return root / "docbuild.toml"


def test_bad_documents_are_skipped_with_reasons_and_the_rest_is_built(tmp_path: Path) -> None:
    config = load_catalog(make_docs(tmp_path))
    report = build_site(config, tmp_path / "site", cache_dir=tmp_path / "cache")
    (version,) = report.versions
    reasons = {s.relpath: s.reason for s in version.skipped}
    assert reasons.keys() == {"scanned.pdf", "locked.pdf", "bomb.docx"}
    assert reasons["scanned.pdf"] == "no text layer (needs OCR)"
    assert reasons["locked.pdf"].startswith("encrypted PDF")
    assert reasons["bomb.docx"].startswith("archive bomb refused")
    assert version.files_read == 2
    index = (tmp_path / "site" / "index.json").read_text(encoding="utf-8")
    assert "Pairing the device" in index and "Start here." in index
    assert '"source":"manual.pdf#page"' in index


def test_installing_the_extra_rereads_files_skipped_without_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = load_catalog(make_docs(tmp_path))
    cache = tmp_path / "cache"
    with monkeypatch.context() as patched:
        patched.setitem(sys.modules, "pypdf", None)
        report = build_site(config, tmp_path / "site", cache_dir=cache)
    reasons = {s.relpath: s.reason for s in report.versions[0].skipped}
    assert reasons["manual.pdf"] == "install doctrove[office] to read .pdf files"
    report = build_site(config, tmp_path / "site", cache_dir=cache)
    assert "manual.pdf" not in {s.relpath for s in report.versions[0].skipped}
