"""builder.api.class_aliases: an attribute that is another name for a class of the package,
documented as autodoc documents it, "alias of" the class."""

from __future__ import annotations

from pathlib import Path

from builder.parsers import parse_file
from tests.api_support import package_source


def test_an_attribute_naming_a_documented_class_is_listed_as_its_alias(tmp_path: Path) -> None:
    # josepy 1.13.0's JWS.signature_cls = Signature, WebTest 3.0.0's Form.FieldClass = Field:
    # autodoc lists each under :members: (the class's docstring counts) as "alias of
    # josepy.jws.Signature"; they read as undocumented attributes and were left out.
    (tmp_path / "jws").mkdir()
    (tmp_path / "jws" / "__init__.py").write_text(
        '"""Signing."""\n'
        "from jws.other import Imported\n\n\n"
        "class Signature:\n"
        '    """A signature."""\n\n\n'
        "class _Bare:\n"
        "    pass\n\n\n"
        "class JWS:\n"
        '    """A JWS."""\n\n'
        "    signature_cls = Signature\n"
        "    bare_cls = _Bare\n"
        "    #: The class of its headers.\n"
        "    header_cls = Signature\n"
        "    count = 3\n\n\n"
        "class Connection:\n"
        '    """A connection."""\n\n'
        "    Signature = Signature  # autodoc documents the class itself here\n\n\n"
        "Alias = Signature\n"
        "Again = Imported\n",
        encoding="utf-8",
    )
    (tmp_path / "jws" / "other.py").write_text(
        'class Imported:\n    """Made elsewhere."""\n', encoding="utf-8"
    )
    source = package_source(tmp_path)
    text = "JWS\n===\n\n.. automodule:: jws\n   :members:\n"
    parsed = parse_file("jws.rst", text, source)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("jws.Alias", "`Alias = Signature`\n\nalias of `jws.Signature`"),
        ("jws.Connection", "`Connection()`\n\nA connection."),
        ("jws.JWS", "`JWS()`\n\nA JWS."),
        # Its own "#:" comment comes first, as autodoc shows it in place of "alias of".
        ("jws.JWS.header_cls", "`header_cls = Signature`\n\nThe class of its headers."),
        ("jws.JWS.signature_cls", "`signature_cls = Signature`\n\nalias of `jws.Signature`"),
        ("jws.Signature", "`Signature()`\n\nA signature."),
    ]
