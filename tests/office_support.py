"""Make small PDF, DOCX, PPTX and XLSX files for the office reader tests."""

from __future__ import annotations

import io
from collections.abc import Sequence

# A line on a PDF page: its text, font size and whether it is set in bold.
PdfLine = tuple[str, float, bool]


def make_pdf(
    pages: Sequence[Sequence[PdfLine]],
    outline: Sequence[tuple[str, int]] = (),
    password: str | None = None,
) -> bytes:
    """A PDF whose pages draw ``pages``' lines top down in Helvetica; ``outline`` lists
    (title, 0-based page) bookmarks; ``password`` encrypts it."""
    from pypdf import PdfWriter
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    writer = PdfWriter()
    fonts = DictionaryObject()
    for key, base in (("/F1", "/Helvetica"), ("/F2", "/Helvetica-Bold")):
        font = DictionaryObject()
        font[NameObject("/Type")] = NameObject("/Font")
        font[NameObject("/Subtype")] = NameObject("/Type1")
        font[NameObject("/BaseFont")] = NameObject(base)
        fonts[NameObject(key)] = writer._add_object(font)
    for lines in pages:
        page = writer.add_blank_page(612, 792)
        operations = []
        y = 740.0
        for text, size, bold in lines:
            escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
            operations.append(f"BT /{'F2' if bold else 'F1'} {size} Tf 72 {y} Td ({escaped}) Tj ET")
            y -= size * 1.6
        stream = DecodedStreamObject()
        stream.set_data("\n".join(operations).encode("latin-1"))
        page[NameObject("/Contents")] = writer._add_object(stream)
        resources = DictionaryObject()
        resources[NameObject("/Font")] = fonts
        page[NameObject("/Resources")] = resources
    for title, page_number in outline:
        writer.add_outline_item(title=title, page_number=page_number)
    if password is not None:
        writer.encrypt(user_password=password, owner_password=password, algorithm="RC4-128")
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def make_scanned_pdf(pages: int = 2) -> bytes:
    """A PDF as a scanner makes it: each page one image of text, and no text layer."""
    from PIL import Image, ImageDraw

    images = []
    for number in range(1, pages + 1):
        image = Image.new("L", (850, 1100), 255)
        ImageDraw.Draw(image).text((100, 100), f"Scanned page {number} of the manual", fill=0)
        images.append(image)
    buffer = io.BytesIO()
    images[0].save(buffer, "PDF", save_all=True, append_images=images[1:])
    return buffer.getvalue()


def make_docx(blocks: Sequence[tuple[str, object]]) -> bytes:
    """A .docx of ("heading N", text), ("text", text) and ("table", rows) blocks."""
    import docx

    document = docx.Document()
    for kind, content in blocks:
        if kind.startswith("heading"):
            document.add_heading(str(content), level=int(kind.split()[1]))
        elif kind == "table":
            rows = list(content)  # type: ignore[call-overload]
            table = document.add_table(rows=len(rows), cols=len(rows[0]))
            for row, values in zip(table.rows, rows, strict=True):
                for cell, value in zip(row.cells, values, strict=True):
                    cell.text = value
        else:
            document.add_paragraph(str(content))
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def make_pptx(slides: Sequence[tuple[str, str]]) -> bytes:
    """A deck with one (title, text) slide each; an empty title leaves the slide untitled."""
    import pptx

    deck = pptx.Presentation()
    for title, text in slides:
        slide = deck.slides.add_slide(deck.slide_layouts[1])
        if title:
            slide.shapes.title.text = title
        else:
            slide.shapes.title.element.getparent().remove(slide.shapes.title.element)
        slide.placeholders[1].text = text
    buffer = io.BytesIO()
    deck.save(buffer)
    return buffer.getvalue()


def make_xlsx(sheets: Sequence[tuple[str, Sequence[Sequence[object]]]]) -> bytes:
    """A workbook with one (name, rows) sheet each."""
    import openpyxl

    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets:
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(list(row))
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()
