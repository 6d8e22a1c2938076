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
