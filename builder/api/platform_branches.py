"""Constants a module or class sets per platform, read from the branch Sphinx shows on Linux.

``if os.name == "nt": LOCK_EX = 0x1 else: LOCK_EX = fcntl.LOCK_EX`` (portalocker 3.2.0's
constants): griffe keeps an attribute's first assignment in an ``if`` (it prefers a ``try``'s
body to its ``except``), so the Windows values were shown, where Sphinx, which imports the
module on the Linux machine that builds the docs, shows the POSIX ones. A function or class
defined in both branches is already the last one, the POSIX one. An attribute that the
Windows branch set takes the value (and its place in the code) of the first assignment to
the same name in the branches after it (``else``, or an ``elif`` chain).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import griffe

# What a platform test reads, and what it reads on Windows and on the Linux machine that
# builds the docs ("elif sys.platform == 'darwin'" is false there).
_WINDOWS = {
    "os.name": ("nt",),
    "sys.platform": ("win32", "cygwin"),
    "platform.system()": ("Windows",),
}
_LINUX = {"os.name": ("posix",), "sys.platform": ("linux",), "platform.system()": ("Linux",)}


@dataclass(frozen=True)
class _PlatformTest:
    """``read == value``, ``read != value`` or ``read.startswith(value)``."""

    read: str
    operator: str  # "==", "!=" or "startswith"
    value: str

    def holds_on(self, platform: Mapping[str, tuple[str, ...]]) -> bool:
        values = platform[self.read]
        if self.operator == "startswith":
            return any(v.startswith(self.value) for v in values)
        return (self.value in values) is (self.operator == "==")


class PosixBranches(griffe.Extension):
    """Gives an attribute set under a Windows test the value its other branch sets."""

    def on_class_members(self, *, node: Any, cls: griffe.Class, **kwargs: Any) -> None:
        _prefer_posix(node, cls)

    def on_module_members(self, *, node: Any, mod: griffe.Module, **kwargs: Any) -> None:
        _prefer_posix(node, mod)


def is_windows_test(test: ast.expr) -> bool:
    """Whether ``test`` is true on Windows only: ``os.name == "nt"``, ``sys.platform ==
    "win32"``, ``sys.platform.startswith("win")``, ``platform.system() == "Windows"``."""
    read = _platform_test(test)
    return read is not None and read.operator != "!=" and read.holds_on(_WINDOWS)


def _platform_test(test: ast.expr) -> _PlatformTest | None:
    """``test`` when it compares what the platform reads with a string (either side first)
    or asks ``sys.platform.startswith``; None for any other test."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        read, value = ast.unparse(test.left), test.comparators[0]
        if isinstance(test.left, ast.Constant):
            read, value = ast.unparse(test.comparators[0]), test.left
        operator = {ast.Eq: "==", ast.NotEq: "!="}.get(type(test.ops[0]))
    elif isinstance(test, ast.Call) and len(test.args) == 1 and not test.keywords:
        read, value = ast.unparse(test.func).removesuffix(".startswith"), test.args[0]
        operator = "startswith" if ast.unparse(test.func) == "sys.platform.startswith" else None
    else:
        return None
    if operator is None or read not in _LINUX:
        return None
    if not isinstance(value, ast.Constant) or not isinstance(value.value, str):
        return None
    return _PlatformTest(read, operator, value.value)


def _prefer_posix(node: Any, parent: griffe.Class | griffe.Module) -> None:
    body = node.body if isinstance(node, ast.Module | ast.ClassDef) else []
    for statement in body:
        if not isinstance(statement, ast.If) or not is_windows_test(statement.test):
            continue
        first, last = statement.body[0].lineno, statement.body[-1].end_lineno or 0
        others: dict[str, ast.Assign | ast.AnnAssign] = {}
        for name, assignment in _assignments(_linux_branch(statement.orelse)):
            others.setdefault(name, assignment)
        for name, assignment in others.items():
            member = parent.members.get(name)
            if not isinstance(member, griffe.Attribute) or member.is_alias:
                continue
            if member.lineno is None or not first <= member.lineno <= last:
                continue  # not the Windows branch's: set before or after the test
            if assignment.value is None:
                continue
            # An expression, as griffe keeps values: a name it reads (a class re-exported per
            # platform) is then still followed to what it names.
            expression = griffe.safe_get_expression(assignment.value, parent=parent)
            member.value = expression or ast.unparse(assignment.value)
            member.lineno, member.endlineno = assignment.lineno, assignment.end_lineno


def _linux_branch(statements: list[ast.stmt]) -> list[ast.stmt]:
    """The statements of an ``else`` that run on Linux: through an ``elif`` chain whose tests
    read the platform, the branch that holds there; the whole ``else`` when a test reads
    something else."""
    while len(statements) == 1 and isinstance(statements[0], ast.If):
        branch = statements[0]
        read = _platform_test(branch.test)
        if read is None:
            break
        statements = branch.body if read.holds_on(_LINUX) else branch.orelse
    return statements


def _assignments(statements: list[ast.stmt]) -> Iterator[tuple[str, ast.Assign | ast.AnnAssign]]:
    """The names the statements assign one value to, in order, through ``elif`` branches."""
    for statement in statements:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target = statement.targets[0]
            if isinstance(target, ast.Name):
                yield target.id, statement
        elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            yield statement.target.id, statement
        elif isinstance(statement, ast.If):
            yield from _assignments(statement.body)
            yield from _assignments(statement.orelse)
