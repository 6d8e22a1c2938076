"""builder.api.class_annotations: the ``#:`` comment above a class body's annotation documents
the attribute a method sets, as Sphinx's source analyzer reads it."""

from __future__ import annotations

from pathlib import Path

from builder.api.class_annotations import annotation_lines
from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.parsers import parse_file

_CODE = '''\
import typing as t


class Request:
    """A request."""

    #: The WSGI environment containing HTTP headers and information from
    #: the WSGI server.
    environ: "t.Dict[str, t.Any]"

    #: Set when creating the request object.
    shallow: bool

    plain: int

    def __init__(self, environ, shallow=False):
        self.environ = environ
        self.shallow = shallow
        self.plain = 1
        #: Set here, documented here.
        self.later = 2
'''


def test_an_attribute_a_method_sets_has_the_comment_above_its_annotation(tmp_path: Path) -> None:
    # werkzeug 2.2.2 (Debian python-werkzeug-doc, wrappers.html): Request.environ and
    # Request.shallow, declared so and set in __init__; griffe places the attribute at the
    # assignment, and ':members:' left both out as undocumented.
    (tmp_path / "wsgi.py").write_text(_CODE, encoding="utf-8")
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    text = "API\n===\n\n.. autoclass:: wsgi.Request\n   :members:\n"
    parsed = parse_file("api.rst", text, source)
    assert parsed is not None
    bodies = {s.heading: s.body for s in parsed.sections[2:]}
    assert bodies["wsgi.Request.environ"].endswith(
        "The WSGI environment containing HTTP headers and information from the WSGI server."
    )
    assert bodies["wsgi.Request.shallow"].endswith("Set when creating the request object.")
    assert bodies["wsgi.Request.later"].endswith("Set here, documented here.")
    assert "wsgi.Request.plain" not in bodies  # declared and set, documented nowhere


def test_only_a_bare_annotation_in_the_class_body_is_read() -> None:
    lines = _CODE.splitlines()
    assert annotation_lines(lines, 4, "environ") == (9, 9)
    assert annotation_lines(lines, 4, "later") == (0, 0)  # set in a method only
    assert annotation_lines(lines, 5, "environ") == (0, 0)  # no class starts there
    assert annotation_lines(["class Broken(:"], 1, "x") == (0, 0)
