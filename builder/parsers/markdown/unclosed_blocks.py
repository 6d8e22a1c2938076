"""Blocks a Markdown page opens and never closes, told to the author: an unclosed code fence
makes the rest of the file code, an unclosed HTML comment hides it."""

from __future__ import annotations

Note = tuple[int, str]  # a warning's 1-based line and its message


def check_fence(markup: str, span: list[int] | None, lines: list[str], warn: list[Note]) -> None:
    if not span or span[1] < len(lines) - 1:
        return  # content follows the fence, so it was closed
    last = lines[span[1] - 1].strip()
    closed = span[1] - 1 > span[0] and last.startswith(markup) and not last.strip(markup[0])
    if not closed:
        warn.append((span[0] + 1, "code fence never closed; the rest of the file is code"))


def check_comment(content: str, start: int, warn: list[Note]) -> None:
    if content.startswith("<!--") and "-->" not in content:
        warn.append((start + 1, "HTML comment never closed; the rest of the file is hidden"))
