"""builder.api.property_accessors: a property class's setter keeps its getter's docstring."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings

MODULE = '''\
class xmlattribute(property):
    """A property named after its XML attribute."""


class AccessURL:
    @xmlattribute
    def use(self):
        """How the URL is used: full, base or dir."""
        return self._use

    @use.setter
    def use(self, use):
        self._use = use

    @xmlattribute
    def role(self):
        """The role."""

    @role.setter
    def role(self, role):
        """Set the role, checked."""
'''


def test_a_setter_under_a_property_class_keeps_the_getters_docstring(tmp_path: Path) -> None:
    # pyvo 1.10.0's '@xmlattribute' getters and their '@use.setter' setters: griffe set the
    # undocumented setter over the getter, and 114 attributes read as their names alone
    # (near-empty API entries 107 -> 50).
    package = tmp_path / "src" / "vosi"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(MODULE, encoding="utf-8")
    source = GriffeSource(tmp_path / "src", ApiSettings(), str(tmp_path / "src"))
    use = source.find("vosi.AccessURL.use")
    assert use is not None
    assert use.doc[0].text == "How the URL is used: full, base or dir."
    role = source.find("vosi.AccessURL.role")  # a setter's own docstring stays its own
    assert role is not None and role.doc[0].text == "Set the role, checked."
