"""Write tutorial.docx from the Little CMS tutorial PDF (same Debian package, same MIT license).

No real .docx manual of a permissively licensed project was found in the package registries'
archives, so this one is generated: docbuild's own PDF reader finds the tutorial's sections,
python-docx writes each heading in Word's "Heading N" style and each paragraph as body text.

    python examples/lcms/make_tutorial_docx.py "LittleCMS2.14 tutorial.pdf" examples/lcms/2.14/tutorial.docx
"""

import sys
from datetime import datetime, timezone
from pathlib import Path

import docx

from builder.parsers.office.pdf import read_pdf

pdf, out = Path(sys.argv[1]), Path(sys.argv[2])
parsed = read_pdf("tutorial.pdf", pdf.read_bytes())
document = docx.Document()
document.core_properties.title = "Little CMS 2.14 tutorial"
document.core_properties.author = "Marti Maria"
for section in parsed.sections:
    if section.level:
        document.add_heading(section.heading, level=min(section.level, 9))
    for paragraph in section.body.split("\n\n"):
        text = " ".join(line.strip() for line in paragraph.splitlines() if line.strip())
        if text:
            document.add_paragraph(text)
# Fixed timestamps, so regenerating gives the same content.
fixed = datetime(2022, 11, 1, tzinfo=timezone.utc)
document.core_properties.created = document.core_properties.modified = fixed
document.save(out)
