"""PEP 727 documentation in annotations: ``Annotated[bool, Doc("Whether to ...")]``.

FastAPI and its family document parameters and attributes this way (typing_extensions'
``Doc``) rather than in docstrings; mkdocstrings reads them with griffe-typingdoc. The text is
the object's documentation and the type is ``bool``: a signature that spells the whole
``Annotated[...]`` out holds every parameter's prose, escaped, and no Parameters list.
A ``deprecated("...")`` beside it (FastAPI marks some parameters so) is read as a note.
Under mkdocstrings' ``unwrap_annotated`` every ``Annotated[T, ...]`` of a signature reads ``T``.
"""

from __future__ import annotations

import ast
import inspect
import re
from typing import Any

# The calls inside Annotated[...] that document rather than constrain, and how each reads.
_DOC_CALLS = {"Doc": "{}", "deprecated": "Deprecated: {}"}
_ANNOTATED = re.compile(r"(?<![\w.])(?:(?:typing|typing_extensions)\.)?Annotated\[")


def annotation_text(annotation: Any) -> str:
    """The annotation as Python spells it, without its ``Doc(...)``: ``Annotated[T, Doc(...)]``
    is ``T``; other metadata stays."""
    parts = _annotated(annotation)
    if parts is None:
        return str(annotation)
    kept = [element for element in parts[1:] if _doc_call_text(element) is None]
    if len(kept) == len(parts) - 1:
        return str(annotation)
    if not kept:
        return str(parts[0])
    return f"{annotation.left}[{', '.join(str(element) for element in (parts[0], *kept))}]"


def doc_text(annotation: Any) -> str:
    """The text of the ``Doc(...)`` (and ``deprecated(...)``) in an ``Annotated`` annotation,
    or ""."""
    parts = _annotated(annotation)
    texts = [_doc_call_text(element) for element in (parts[1:] if parts else ())]
    return "\n\n".join(text for text in texts if text)


def _annotated(annotation: Any) -> list[Any] | None:
    """The elements of an ``Annotated[...]`` annotation (type first), else None."""
    left = getattr(annotation, "left", None)
    if left is None or str(left).rsplit(".", 1)[-1] != "Annotated":
        return None
    elements = getattr(getattr(annotation, "slice", None), "elements", None)
    return list(elements) if elements else None


def _doc_call_text(element: Any) -> str | None:
    function = getattr(element, "function", None)
    form = _DOC_CALLS.get(str(function).rsplit(".", 1)[-1]) if function is not None else None
    if form is None:
        return None
    arguments = getattr(element, "arguments", None) or []
    if len(arguments) != 1:
        return None
    try:
        value = ast.literal_eval(str(arguments[0]))
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    return form.format(inspect.cleandoc(value)) if isinstance(value, str) else None


def unwrapped(signature: str) -> str:
    """``signature`` with each ``Annotated[T, ...]`` written ``T``, as mkdocstrings shows it
    under ``unwrap_annotated`` (FastAPI, Typer and mkdocstrings-python's own docs set it)."""
    parts: list[str] = []
    position = 0
    while match := _ANNOTATED.search(signature, position):
        close, comma = _closing(signature, match.end())
        if close is None:
            break
        parts.append(signature[position : match.start()])
        parts.append(unwrapped(signature[match.end() : comma if comma is not None else close]))
        position = close + 1
    return "".join(parts) + signature[position:]


def _closing(text: str, start: int) -> tuple[int | None, int | None]:
    """Where the bracket open before ``start`` closes, and its first comma at that depth."""
    depth, comma, quote, index = 0, None, "", start
    while index < len(text):
        char = text[index]
        if quote:
            if char == "\\":
                index += 1
            elif char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            if not depth:
                return index, comma
            depth -= 1
        elif char == "," and not depth and comma is None:
            comma = index
        index += 1
    return None, None
