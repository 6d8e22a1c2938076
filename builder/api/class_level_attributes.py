"""Keep a class attribute where its class body writes it when ``__init__`` assigns it again.

kombu's ``Consumer`` documents its attributes in the class body and sets them in ``__init__``::

    #: Optional function called whenever a message is received.
    on_message = None

    def __init__(self, ..., on_message=None, ...):
        self.on_message = on_message

autodoc reads the ``#:`` comment above the class-level line and shows the class's value
(``on_message = None``). griffe replaces the class's attribute by the one ``__init__`` assigns,
at that line and with that value, so the comment was looked for above ``self.on_message = ...``
and kombu 5.2.4's ``autoattribute:: on_message`` (and ``channel``, ``queues``, ``no_ack``,
``callbacks``) showed the name alone. The attribute keeps the class body's line and value,
unless the assignment in ``__init__`` has a ``#:`` comment and the class body's has none.
"""

from __future__ import annotations

import ast
from typing import Any

import griffe

from builder.api.doc_comments import doc_comment


class ClassLevelAttributes(griffe.Extension):
    """Restores the class body's line and value of the attributes ``__init__`` reassigns."""

    def __init__(self) -> None:
        super().__init__()
        # (the assignment node, the name) -> the node and the class body's attribute it
        # replaces; the node is kept so that its id is never another's (griffe skips some
        # assignments it was told of: under an if or except, or not on self).
        self._replaced: dict[tuple[int, str], tuple[ast.AST, griffe.Attribute]] = {}
        self._lines: tuple[Any, list[str]] = (None, [])

    def on_attribute_node(
        self, *, node: ast.AST | griffe.ObjectNode, agent: Any, **kwargs: Any
    ) -> None:
        function = agent.current
        if function.kind.value != "function" or function.name != "__init__":
            return
        owner = function.parent
        if (
            owner is None
            or owner.kind.value != "class"
            or not isinstance(node, ast.Assign | ast.AnnAssign)
        ):
            return
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for target in targets:
            name = _instance_name(target)
            member = owner.members.get(name) if name else None
            if member is None or member.is_alias or member.kind.value != "attribute":
                continue
            if "class-attribute" in member.labels and member.lineno:
                self._replaced[(id(node), member.name)] = (node, member)

    def on_module_members(self, **kwargs: Any) -> None:
        self._replaced.clear()  # what griffe skipped in this module: nothing to restore

    def on_attribute_instance(
        self,
        *,
        node: ast.AST | griffe.ObjectNode,
        attr: griffe.Attribute,
        agent: Any,
        **kwargs: Any,
    ) -> None:
        entry = self._replaced.pop((id(node), attr.name), None)
        before = entry[1] if entry is not None and entry[0] is node else None
        if before is None or (
            attr.docstring is not None and attr.docstring is not before.docstring
        ):
            return  # the assignment in __init__ has a docstring of its own
        lines = self._module_lines(agent)
        own = doc_comment(lines, attr.lineno or 0, attr.endlineno or attr.lineno or 0)
        if own and not doc_comment(
            lines, before.lineno or 0, before.endlineno or before.lineno or 0
        ):
            return
        attr.lineno, attr.endlineno, attr.value = before.lineno, before.endlineno, before.value

    def _module_lines(self, agent: Any) -> list[str]:
        """The lines of the module ``agent`` visits, split once per module."""
        if self._lines[0] is not agent:
            self._lines = (agent, str(agent.code).split("\n"))
        return self._lines[1]


def _instance_name(target: ast.expr) -> str:
    """``name`` of a ``self.name`` target (any first parameter's name), "" for any other."""
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
        return target.attr
    return ""
