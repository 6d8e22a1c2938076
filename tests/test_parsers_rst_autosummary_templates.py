"""builder.parsers.rst.autosummary_templates: a project's class template read for its options."""

from __future__ import annotations

from pathlib import Path

from builder.includes import IncludeReader, include_root
from builder.parsers import parse_file
from builder.parsers.rst.autosummary_templates import ClassTemplate, _read_template
from tests.api_support import package_source

TSLEARN_CLASS = """\
.. _class-{{ fullname }}:

{{ objname | escape | underline}}

.. currentmodule:: {{ module }}

.. autoclass:: {{ objname }}
   :members:
   :inherited-members:

.. include:: ../backreferences/{{module}}.{{objname}}.examples
"""

AUTOMODAPI_CLASS = """\
.. autoclass:: {{ objname }}
   :show-inheritance:
   {% if noindex -%}
   :noindex:
   {%- endif %}

   .. rubric:: Methods Summary

   .. autosummary::
   {% for item in methods %}
      ~{{ name }}.{{ item }}
   {%- endfor %}
"""


def test_a_template_s_autoclass_options_are_read() -> None:
    assert _read_template(TSLEARN_CLASS) == ClassTemplate(
        (("members", ""), ("inherited-members", "")), lists_members=False
    )
    assert _read_template(AUTOMODAPI_CLASS) == ClassTemplate(
        (("show-inheritance", ""), ("noindex", "")), lists_members=True
    )
    assert _read_template(".. autofunction:: {{ objname }}\n") is None


def test_a_class_page_written_from_the_project_s_template_documents_its_members(
    tmp_path: Path,
) -> None:
    # tslearn 0.10.0's autosummary tables name ':template: class.rst', whose autoclass has
    # :members: and :inherited-members:: each class's methods (KShape.fit_predict, ...) are
    # documented in full on its page, where the build listed their summary lines alone.
    docs = tmp_path / "docs"
    (docs / "_templates").mkdir(parents=True)
    (docs / "_templates" / "class.rst").write_text(TSLEARN_CLASS, encoding="utf-8")
    reader = IncludeReader(include_root(docs, None, None))
    text = (
        "API\n===\n\n.. currentmodule:: shapes\n\n"
        ".. autosummary::\n   :toctree: gen\n   :template: class.rst\n\n   Circle\n\n"
        "After the table.\n"
    )
    parsed = parse_file("api.rst", text, package_source(tmp_path / "src"), includes=reader)
    assert parsed is not None
    assert [s.heading for s in parsed.sections] == [
        "API", "shapes.Circle", "shapes.Circle.describe", "shapes.Circle.scale",
        "shapes.Circle.sides",
    ]  # fmt: skip
    assert parsed.sections[0].body.endswith("After the table.")
    assert "Methods:" not in parsed.sections[1].body  # the template lists none
    assert "How much bigger." in parsed.sections[3].body
    # Without the template, the page is Sphinx's own: the members listed, not documented.
    (docs / "_templates" / "class.rst").unlink()
    fresh = IncludeReader(include_root(docs, None, None))
    default = parse_file("api.rst", text, package_source(tmp_path / "src"), includes=fresh)
    assert default is not None
    assert [s.heading for s in default.sections] == ["API", "shapes.Circle"]
    assert "Methods:\n- `scale`" in default.sections[1].body


def test_a_template_for_any_object_is_read_for_its_auto_objtype() -> None:
    # A project's base.rst-like template names the directive 'auto{{ objtype }}', an autoclass
    # on a class's page: it was taken for no template, so the class's page got Sphinx's
    # class.rst Methods and Attributes lists, which such a template does not write.
    base = "{{ fullname | escape | underline }}\n\n.. auto{{ objtype }}:: {{ objname }}\n"
    assert _read_template(base) == ClassTemplate((), lists_members=False)
    special = (
        "{% if objtype in ['class'] %}\n.. auto{{ objtype }}:: {{ objname }}\n"
        "    :special-members: __call__\n\n{% else %}\n.. auto{{ objtype }}:: {{ objname }}\n"
        "{% endif %}\n"
    )
    assert _read_template(special) == ClassTemplate(
        (("special-members", "__call__"),), lists_members=False
    )
    # A literal autoclass is the class's, wherever it stands.
    both = ".. auto{{ objtype }}:: {{ objname }}\n\n.. autoclass:: {{ objname }}\n   :members:\n"
    assert _read_template(both) == ClassTemplate((("members", ""),), lists_members=False)
