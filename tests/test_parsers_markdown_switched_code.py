"""builder.parsers.markdown.switched_code: NestJS' ``@@filename`` and ``@@switch`` code blocks
read as the page's TypeScript and JavaScript tabs, each under its file's name."""

from __future__ import annotations

from builder.parsers.markdown.parser import parse
from builder.parsers.markdown.switched_code import has_filename_mark, switched_parts


def body(text: str) -> str:
    (section,) = parse(text, "x.md").sections
    return section.body


def test_a_switched_block_reads_as_its_two_files() -> None:
    # docs.nestjs.com's controllers.md: the TypeScript, then the JavaScript its "JS" tab shows.
    text = (
        "# Controllers\n\n"
        "```typescript\n"
        "@@filename(cats.controller)\n"
        "@Controller('cats')\n"
        "export class CatsController {\n"
        "  findAll(): string {}\n"
        "}\n"
        "@@switch\n"
        "@Controller('cats')\n"
        "export class CatsController {\n"
        "  findAll() {}\n"
        "}\n"
        "```\n"
    )
    assert body(text) == (
        "cats.controller.ts:\n```typescript\n"
        "@Controller('cats')\nexport class CatsController {\n  findAll(): string {}\n}\n```\n\n"
        "cats.controller.js:\n```javascript\n"
        "@Controller('cats')\nexport class CatsController {\n  findAll() {}\n}\n```"
    )


def test_a_block_that_names_no_file_reads_under_its_tabs_labels() -> None:
    text = "# A\n\n```typescript\n@@filename()\nconst a: number = 1;\n@@switch\nconst a = 1;\n```\n"
    assert body(text) == (
        "TS:\n```typescript\nconst a: number = 1;\n```\n\nJS:\n```javascript\nconst a = 1;\n```"
    )


def test_a_block_without_a_switch_is_one_file() -> None:
    text = "# A\n\n```typescript\n@@filename(main)\nawait app.listen(3000);\n```\n"
    assert body(text) == "main.ts:\n```typescript\nawait app.listen(3000);\n```"


def test_the_marks_elsewhere_are_code() -> None:
    # Only a first line that is the mark alone makes a NestJS block.
    for code in ("x = 1\n@@filename(a)\n", "@@filename(a) extra\n", "@@switch\n"):
        assert not has_filename_mark(code)
        assert switched_parts(code) == []
    text = "# A\n\n```text\nx = 1\n@@switch\ny = 2\n```\n"
    assert body(text) == "```text\nx = 1\n@@switch\ny = 2\n```"
