"""builder.api.class_level_attributes: a class attribute __init__ assigns again keeps its docs."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings

# kombu 5.2.4's Consumer: each attribute documented by "#:" lines in the class body, then set
# in __init__ from its parameter.
CONSUMER = '''class Consumer:
    """Message consumer."""

    #: Optional function called whenever a message is received.
    #:
    #: When defined, callbacks are disabled.
    on_message = None

    no_ack = None  #: Flag for automatic acknowledgment.

    tag_prefix = None

    plain = 1

    documented = 2
    """The class body's docstring."""

    def __init__(self, on_message=None, no_ack=None, tag_prefix=None, plain=0, documented=0):
        self.on_message = on_message
        if no_ack is not None:
            self.no_ack = no_ack
        self.no_ack = no_ack
        self.tag_prefix = tag_prefix  #: Put before each tag.
        self.plain = plain
        self.documented = documented
        self.fresh = 3  #: Only set here.
'''


def test_an_attribute_init_assigns_again_keeps_the_class_body_s_comment_and_value(
    tmp_path: Path,
) -> None:
    (tmp_path / "kombu").mkdir()
    (tmp_path / "kombu" / "__init__.py").write_text(CONSUMER, encoding="utf-8")
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    found = {}
    for name in ("on_message", "no_ack", "tag_prefix", "plain", "documented", "fresh"):
        record = source.find(f"kombu.Consumer.{name}")
        assert record is not None
        found[name] = (record.signature, record.doc[0].text if record.doc else "")
    assert found == {
        "on_message": (
            "on_message = None",
            "Optional function called whenever a message is received.\n\n"
            "When defined, callbacks are disabled.",
        ),
        "no_ack": ("no_ack = None", "Flag for automatic acknowledgment."),
        # Only __init__'s line is commented: that comment documents it.
        "tag_prefix": ("tag_prefix", "Put before each tag."),
        "plain": ("plain = 1", ""),
        "documented": ("documented = 2", "The class body's docstring."),
        "fresh": ("fresh = 3", "Only set here."),
    }


def test_no_module_takes_another_module_s_class_attribute(tmp_path: Path) -> None:
    # An assignment griffe skips (under an if) left its entry behind, and a later module's
    # assignment node at the same address took that class's line and value: 11 to 13 of 100
    # classes were wrong, differently from build to build.
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    for n in range(0, 200, 2):
        (package / f"m{n:03d}.py").write_text(
            f"class A{n}:\n    #: A{n}'s comment.\n    x = 'from_A{n}'\n\n"
            "    def __init__(self, c):\n        if c:\n            self.x = 2\n",
            encoding="utf-8",
        )
        (package / f"m{n + 1:03d}.py").write_text(
            f"class B{n + 1}:\n    def __init__(self):\n        self.x = 'own_B{n + 1}'\n",
            encoding="utf-8",
        )
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    wrong = []
    for n in range(1, 200, 2):
        record = source.find(f"pkg.m{n:03d}.B{n}.x")
        assert record is not None
        if record.signature != f"x = 'own_B{n}'":
            wrong.append(record.signature)
    assert wrong == []
