"""builder.api.import_fallbacks: an optional import wins over its ``except ImportError``
stand-in when the imported module is the project's source."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.parsers import parse_file
from tests.api_support import package_source


def test_the_imported_class_is_documented_not_its_stand_in(tmp_path: Path) -> None:
    # environ-config 26.1.0: 'try: from environ.secrets.awssm import SecretsManagerSecrets /
    # except ImportError: class SecretsManagerSecrets:' (a stub for when boto3 is missing);
    # the stub, with no docstring, was documented where Sphinx shows the imported class.
    # The stand-in of a compiled module (no .py to read) stays: it is all there is.
    package = tmp_path / "env"
    package.mkdir()
    (package / "aws.py").write_text(
        'import boto3\n\n\nclass Secrets:\n    """Load secrets from AWS."""\n', encoding="utf-8"
    )
    (package / "__init__.py").write_text(
        "try:\n"
        "    from env.aws import Secrets\n"
        "    from ._speedups import escape\n"
        "except ImportError:\n\n"
        "    class Secrets:\n"
        "        def secret(self):\n"
        '            raise ImportError("needs boto3")\n\n'
        "    def escape(text):\n"
        '        """Escape the text."""\n\n\n'
        "try:\n"
        "    from .aws import Secrets as Later\n"
        "except ImportError:\n"
        "    Later = None\n",
        encoding="utf-8",
    )
    text = "API\n===\n\n.. autoclass:: env.Secrets\n\n.. autofunction:: env.escape\n"
    parsed = parse_file("api.rst", text, package_source(tmp_path))
    assert parsed is not None and parsed.warnings == ()
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("env.Secrets", "`env.Secrets()`\n\nLoad secrets from AWS."),
        ("env.escape", "`env.escape(text)`\n\nEscape the text."),
    ]


def test_a_stand_in_for_a_name_the_module_imports_from_itself_stays(tmp_path: Path) -> None:
    # 'from env import escape' in env/__init__.py made env.escape an alias of itself: the
    # stand-in, documented before, was "not found in the code".
    package = tmp_path / "env"
    package.mkdir()
    (package / "__init__.py").write_text(
        "try:\n"
        "    from env import escape\n"
        "except ImportError:\n\n"
        "    def escape(text):\n"
        '        """Escape the text."""\n',
        encoding="utf-8",
    )
    parsed = parse_file("api.rst", ".. autofunction:: env.escape\n", package_source(tmp_path))
    assert parsed is not None and parsed.warnings == ()
    assert [s.body for s in parsed.sections] == ["`env.escape(text)`\n\nEscape the text."]


def test_a_standard_library_import_this_python_has_wins_over_its_older_place(
    tmp_path: Path,
) -> None:
    # WebOb 1.8.6's compat: 'try: from collections.abc import MutableMapping / except
    # ImportError: from collections import MutableMapping'. griffe kept the second, which
    # Python 3.10 took away, and MultiDict(MutableMapping) lost its base: its clear, keys,
    # ... had no docstring where Sphinx shows MutableMapping's. A name this Python does not
    # have there is no import it makes: the fallback stays.
    package = tmp_path / "compat"
    package.mkdir()
    (package / "__init__.py").write_text(
        "try:\n"
        "    from collections.abc import MutableMapping\n"
        "except ImportError:\n"
        "    from collections import MutableMapping\n\n"
        "try:\n"
        "    from collections import Sequence\n"
        "except ImportError:\n"
        "    from collections.abc import Sequence\n",
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    module = source._target_at("compat")
    assert module is not None
    assert str(module.members["MutableMapping"].target_path) == "collections.abc.MutableMapping"
    assert str(module.members["Sequence"].target_path) == "collections.abc.Sequence"


def test_which_import_wins_does_not_hang_on_what_the_build_imported_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A standard library module outside builder.api.builtin_members' was asked of
    # sys.modules: 'from email.mime.text import MIMEText' won over 'from email.MIMEText
    # import MIMEText' only when something had imported email.mime.text already, and the
    # class's bases read email.mime.text.MIMEText in one process, email.MIMEText.MIMEText
    # in another.
    importlib.import_module("email.mime.text")
    package = tmp_path / "mail"
    package.mkdir()
    (package / "__init__.py").write_text(
        "try:\n"
        "    from email.mime.text import MIMEText\n"
        "except ImportError:\n"
        "    from email.MIMEText import MIMEText\n\n\n"
        'class Message(MIMEText):\n    """A message."""\n',
        encoding="utf-8",
    )

    def bases() -> tuple[str, ...]:
        found = GriffeSource(tmp_path, ApiSettings(), ".").find("mail.Message")
        assert found is not None
        return found.qualified_bases

    imported = bases()
    monkeypatch.delitem(sys.modules, "email.mime.text")
    assert bases() == imported
