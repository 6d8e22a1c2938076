"""builder.api.platform_branches: constants set per platform read from the POSIX branch."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from builder.api.platform_branches import is_windows_test
from builder.parsers import parse_file
from tests.api_support import package_source


def test_a_constant_set_under_a_windows_test_has_its_posix_value(tmp_path: Path) -> None:
    # portalocker 3.2.0's constants: 'if os.name == "nt": LOCK_EX = 0x1 ... elif os.name ==
    # "posix": LOCK_EX = fcntl.LOCK_EX', which Sphinx on Linux shows; griffe kept the first.
    (tmp_path / "locks").mkdir()
    (tmp_path / "locks" / "__init__.py").write_text(
        "import os\nimport sys\n\n"
        "if os.name == 'nt':\n    import msvcrt\n\n"
        "    #: exclusive lock\n    LOCK_EX = 0x1\n    LOCK_UN = msvcrt.LK_UNLCK\n"
        "    ONLY_WINDOWS = 3\n"
        "elif os.name == 'posix':\n    import fcntl\n\n"
        "    #: exclusive lock\n    LOCK_EX = fcntl.LOCK_EX\n    LOCK_UN = fcntl.LOCK_UN\n"
        "else:\n    raise RuntimeError('unsupported')\n\n"
        "if sys.platform != 'win32':\n    SEP = '/'\nelse:\n    SEP = '\\\\'\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    text = "Locks\n=====\n\n" + "".join(
        f".. autodata:: locks.{name}\n\n" for name in ("LOCK_EX", "LOCK_UN", "ONLY_WINDOWS", "SEP")
    )
    parsed = parse_file("locks.rst", text, source)
    assert parsed is not None
    assert [section.body for section in parsed.sections[1:]] == [
        "`locks.LOCK_EX = fcntl.LOCK_EX`\n\nexclusive lock",
        "`locks.LOCK_UN = fcntl.LOCK_UN`",
        "`locks.ONLY_WINDOWS = 3`",
        "`locks.SEP = '/'`",
    ]


@pytest.mark.parametrize(
    ("test", "windows"),
    [
        ("os.name == 'nt'", True),
        ("'nt' == os.name", True),
        ("sys.platform == 'win32'", True),
        ("sys.platform.startswith('win')", True),
        ("platform.system() == 'Windows'", True),
        ("os.name != 'nt'", False),
        ("os.name == 'posix'", False),
        ("sys.platform == 'darwin'", False),
    ],
)
def test_windows_tests_are_recognised(test: str, windows: bool) -> None:
    expression = ast.parse(test, mode="eval").body
    assert is_windows_test(expression) is windows


def test_an_elif_chain_gives_the_branch_that_holds_on_linux(tmp_path: Path) -> None:
    # The first assignment after the Windows branch was macOS's here.
    (tmp_path / "paths").mkdir()
    (tmp_path / "paths" / "__init__.py").write_text(
        "import sys\n\n"
        "if sys.platform == 'win32':\n    CONFIG_DIR = 'APPDATA'\n"
        "elif sys.platform == 'darwin':\n    CONFIG_DIR = '~/Library/Application Support'\n"
        "else:\n    CONFIG_DIR = '~/.config'\n",
        encoding="utf-8",
    )
    parsed = parse_file(
        "p.rst", "P\n=\n\n.. autodata:: paths.CONFIG_DIR\n", package_source(tmp_path)
    )
    assert parsed is not None
    assert parsed.sections[-1].body == "`paths.CONFIG_DIR = '~/.config'`"


def test_a_class_chosen_per_platform_is_still_documented_as_the_class(tmp_path: Path) -> None:
    # The value was stored as text, which the lookup cannot follow to the class it names.
    (tmp_path / "locks").mkdir()
    (tmp_path / "locks" / "_posix.py").write_text(
        'class Lock:\n    """The POSIX lock."""\n\n    def __init__(self, path: str) -> None:\n'
        "        self.path = path\n",
        encoding="utf-8",
    )
    (tmp_path / "locks" / "_win.py").write_text(
        'class Lock:\n    """The Windows lock."""\n', encoding="utf-8"
    )
    (tmp_path / "locks" / "__init__.py").write_text(
        "import os\n\nfrom locks import _posix, _win\n\n"
        "if os.name == 'nt':\n    Lock = _win.Lock\nelse:\n    Lock = _posix.Lock\n",
        encoding="utf-8",
    )
    parsed = parse_file("l.rst", "L\n=\n\n.. autoclass:: locks.Lock\n", package_source(tmp_path))
    assert parsed is not None
    assert "The POSIX lock." in parsed.sections[-1].body
