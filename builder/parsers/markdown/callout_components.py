"""The kind an MDX callout component shows: Starlight's ``<Aside type="caution">``,
Docusaurus' ``<Admonition type="tip">``, Nextra's and Fumadocs' ``<Callout type="warning">``,
Mintlify's ``<Note>``, ``<Tip>``, ``<Warning>``, ``<Info>``, ``<Check>`` and ``<Danger>``, and
Apollo's docs' ``<Caution>``; Hugging Face's doc-builder's ``<Tip warning={true}>`` is a warning.

Each draws its children in a box headed by its kind (an aside is a note unless its type says
otherwise), as Markdown's admonitions are; dropped with the tag, a warning read as any other
paragraph.
"""

from __future__ import annotations

import re

_TYPE = re.compile(r"""(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|\{["'`]([^"'`]*)["'`]\})""")
# Components whose type prop names their kind, and the kind they have without one.
_TYPED = {"Aside": "note", "Admonition": "", "Callout": ""}
_NAMED = frozenset({"Note", "Tip", "Warning", "Info", "Check", "Danger", "Caution"})
_KINDS = frozenset(
    {"note", "tip", "info", "warning", "caution", "danger", "important", "error", "success"}
)
_ALIASES = {"warn": "warning"}
# Hugging Face's doc-builder draws <Tip warning={true}> as a warning (Accelerate's, PEFT's,
# Transformers' pages): a bare "warning" prop, or one set to true.
_WARNING_PROP = re.compile(
    r"""(?:^|\s)warning(?:\s*=\s*(?:\{\s*true\s*\}|["']true["']))?(?=[\s/]|$)"""
)


def callout_kind(component: str, attributes: str) -> str:
    """ "Caution" for ``<Aside type="caution">``, "Note" for ``<Note>``; "" for a component
    that is no callout, or one of no kind we know (Nextra's ``type="default"``)."""
    if component == "Tip" and "warning" in attributes and _WARNING_PROP.search(attributes):
        return "Warning"
    if component in _NAMED:
        return component
    if component not in _TYPED:
        return ""
    found = _TYPE.search(attributes) if "type" in attributes else None
    kind = next((group for group in found.groups() if group), "") if found else ""
    kind = kind.strip().lower() or _TYPED[component]
    kind = _ALIASES.get(kind, kind)
    return kind.capitalize() if kind in _KINDS else ""
