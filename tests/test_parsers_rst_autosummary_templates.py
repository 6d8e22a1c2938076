"""builder.parsers.rst.autosummary_templates: a project's class template read for its options."""

from __future__ import annotations

from pathlib import Path

from builder.api.model import ApiSettings
from builder.includes import IncludeReader, include_root
from builder.parsers import parse_file
from builder.parsers.rst.autosummary_templates import ClassTemplate, _read_template, template_names
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
    settings = ApiSettings(templates_path=("_templates",))
    text = (
        "API\n===\n\n.. currentmodule:: shapes\n\n"
        ".. autosummary::\n   :toctree: gen\n   :template: class.rst\n\n   Circle\n\n"
        "After the table.\n"
    )
    source = package_source(tmp_path / "src", settings)
    parsed = parse_file("api.rst", text, source, includes=reader)
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
    untemplated = text.replace("   :template: class.rst\n", "")
    default = parse_file("api.rst", untemplated, source, includes=fresh)
    assert default is not None
    assert [s.heading for s in default.sections] == [
        "API",
        "shapes.Circle",
        "shapes.Circle.__init__",
    ]
    assert "Methods:\n- `scale`" in default.sections[1].body


def test_a_class_template_s_loop_that_documents_each_method_documents_them(
    tmp_path: Path,
) -> None:
    # A class template copied widely: '.. autoclass:: {{ objname }}' with no options, then
    # '{% for item in methods %}' over '.. automethod:: {{ item }}': Sphinx documents each
    # method in full on the class's page; the class was read alone, no method listed.
    template = (
        "{{ objname }}\n{{ underline }}\n\n.. currentmodule:: {{ module }}\n\n"
        ".. autoclass:: {{ objname }}\n\n   {% block methods %}\n   {% if methods %}\n"
        "   .. rubric:: Methods\n\n   {% for item in methods %}\n"
        "   .. automethod:: {{ item }}\n   {%- endfor %}\n   {% endif %}\n   {% endblock %}\n"
    )
    assert _read_template(template) == ClassTemplate((), False, False, ("methods",))
    docs = tmp_path / "docs"
    (docs / "_templates").mkdir(parents=True)
    (docs / "_templates" / "class.rst").write_text(template, encoding="utf-8")
    reader = IncludeReader(include_root(docs, None, None))
    settings = ApiSettings(templates_path=("_templates",))
    text = (
        "API\n===\n\n.. currentmodule:: shapes\n\n"
        ".. autosummary::\n   :toctree: gen\n   :template: class.rst\n\n   Circle\n"
    )
    source = package_source(tmp_path / "src", settings)
    parsed = parse_file("api.rst", text, source, includes=reader)
    assert parsed is not None
    headings = [s.heading for s in parsed.sections]
    assert headings[:2] == ["API", "shapes.Circle"]
    assert {"shapes.Circle.scale", "shapes.Circle.describe"} <= set(headings[2:])
    assert "Methods:" not in parsed.sections[1].body  # documented, not listed


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


def _class_page(docs: Path, src: Path, template: str, settings: ApiSettings) -> list[str]:
    """The headings of a page whose autosummary writes Circle's page (with ``template``), and
    "Methods:" when Circle's page lists its methods."""
    reader = IncludeReader(include_root(docs, None, None))
    option = f"   :template: {template}\n" if template else ""
    text = (
        "API\n===\n\n.. currentmodule:: shapes\n\n"
        f".. autosummary::\n   :toctree: gen\n{option}\n   Circle\n"
    )
    parsed = parse_file("api.rst", text, package_source(src, settings), includes=reader)
    assert parsed is not None
    circle = next(s for s in parsed.sections if s.heading == "shapes.Circle")
    listed = ["Methods:"] if "Methods:" in circle.body else []
    return [s.heading for s in parsed.sections] + listed


DOCUMENTED = [
    "API", "shapes.Circle", "shapes.Circle.describe", "shapes.Circle.scale", "shapes.Circle.sides",
]  # fmt: skip
LISTED = ["API", "shapes.Circle"]  # Sphinx's base.rst's page, or a template's without members
# Sphinx's class.rst: its "automethod:: __init__" documents Circle's __init__ docstring too.
SPHINX_CLASS = ["API", "shapes.Circle", "shapes.Circle.__init__", "Methods:"]


def test_templates_are_looked_for_in_conf_py_s_templates_path_in_order(tmp_path: Path) -> None:
    # scikit-learn 1.5's conf.py has templates_path = ["templates"]: its templates/class.rst
    # was never looked for (only _templates was), so its classes' pages read Sphinx's own.
    docs = tmp_path / "docs"
    (docs / "templates").mkdir(parents=True)
    (docs / "templates" / "class.rst").write_text(TSLEARN_CLASS, encoding="utf-8")
    src = tmp_path / "src"
    settings = ApiSettings(templates_path=("_templates", "templates"))
    assert _class_page(docs, src, "class.rst", settings) == DOCUMENTED
    # The first folder that has the template gives it.
    (docs / "_templates").mkdir()
    (docs / "_templates" / "class.rst").write_text(".. autoclass:: {{ objname }}\n", "utf-8")
    assert _class_page(docs, src, "class.rst", settings) == LISTED
    # A folder conf.py does not name is not looked in.
    assert (
        _class_page(docs, src, "class.rst", ApiSettings(templates_path=("templates",)))
        == DOCUMENTED
    )
    assert _class_page(docs, src, "class.rst", ApiSettings(templates_path=())) == LISTED
    assert _class_page(docs, src, "", ApiSettings(templates_path=("templates",))) == SPHINX_CLASS


def test_a_named_template_falls_back_as_sphinx_s_renderer_does(tmp_path: Path) -> None:
    # ':template: class.rst' is looked for as named, then as autosummary/class.rst.rst, then
    # autosummary/base.rst: never as the project's autosummary/class.rst, which was taken.
    docs = tmp_path / "docs"
    (docs / "_templates" / "autosummary").mkdir(parents=True)
    own = docs / "_templates" / "autosummary" / "class.rst"
    own.write_text(TSLEARN_CLASS, encoding="utf-8")
    src = tmp_path / "src"
    settings = ApiSettings(templates_path=("_templates",))
    assert _class_page(docs, src, "", settings) == DOCUMENTED
    assert _class_page(docs, src, "class", settings) == DOCUMENTED
    # Sphinx's base.rst writes the page: no members listed nor documented.
    assert _class_page(docs, src, "class.rst", settings) == LISTED
    # The project's own base.rst is the fallback when it has one.
    (docs / "_templates" / "autosummary" / "base.rst").write_text(TSLEARN_CLASS, "utf-8")
    assert _class_page(docs, src, "class.rst", settings) == DOCUMENTED
    # '!' names Sphinx's own templates only.
    assert _class_page(docs, src, "!autosummary/class.rst", settings) == SPHINX_CLASS
    assert template_names("class.rst") == (
        "class.rst", "autosummary/class.rst.rst", "autosummary/base.rst"
    )  # fmt: skip


SCVERSE_CLASS = """\
{{ fullname | escape | underline}}

.. currentmodule:: {{ module }}

.. autoclass:: {{ objname }}

   {% block methods %}
   {% if methods %}
   .. rubric:: Methods

   .. autosummary::
      :toctree: .
   {% for item in methods %}
      {%- if item != '__init__' %}
      ~{{ name }}.{{ item }}
      {%- endif -%}
   {%- endfor %}
   {% endif %}
   {% endblock %}
"""


def test_a_template_s_member_tables_with_a_toctree_document_each_member(tmp_path: Path) -> None:
    # anndata 0.11.4 (scverse's template): each method and attribute of AnnData has a page of
    # its own, from the template's ':toctree: .' tables; only their summary lines were kept.
    assert _read_template(SCVERSE_CLASS) == ClassTemplate((), True, member_pages=True)
    docs = tmp_path / "docs"
    (docs / "_templates" / "autosummary").mkdir(parents=True)
    (docs / "_templates" / "autosummary" / "class.rst").write_text(SCVERSE_CLASS, "utf-8")
    reader = IncludeReader(include_root(docs, None, None))
    settings = ApiSettings(templates_path=("_templates",))
    text = (
        "API\n===\n\n.. currentmodule:: shapes\n\n"
        ".. autosummary::\n   :toctree: gen\n\n   Circle\n\n"
        "Scaling\n-------\n\n.. autosummary::\n   :toctree: gen\n\n   Circle.scale\n"
    )
    source = package_source(tmp_path / "src", settings)
    parsed = parse_file("api.rst", text, source, includes=reader)
    assert parsed is not None
    assert [s.heading for s in parsed.sections] == [
        "API", "shapes.Circle", "shapes.Circle.scale", "shapes.Circle.describe",
        "shapes.Circle.undocumented", "shapes.Circle.sides", "Scaling",
    ]  # fmt: skip
    assert "Methods:\n- `scale`" in parsed.sections[1].body
    assert "How much bigger." in parsed.sections[2].body
    # The table naming scale again links to its one page.
    assert parsed.sections[6].body == "- `Circle.scale`: Grow or shrink the circle."


def test_sphinx_s_class_template_documents_the_init_docstring(tmp_path: Path) -> None:
    # h5netcdf 1.1.0: Sphinx's class.rst has ".. automethod:: __init__" in the class's
    # autoclass, so Group's page shows its __init__ docstring ("Create netCDF4 group. Groups
    # are containers..."), which autoclass_content = "class" leaves out of the class's text.
    docs = tmp_path / "docs"
    (docs / "_templates").mkdir(parents=True)
    src = tmp_path / "src"
    settings = ApiSettings(templates_path=("_templates",))
    reader = IncludeReader(include_root(docs, None, None))
    text = (
        "API\n===\n\n.. currentmodule:: shapes\n\n"
        ".. autosummary::\n   :toctree: gen\n\n   Circle\n   Shape\n"
    )
    parsed = parse_file("api.rst", text, package_source(src, settings), includes=reader)
    assert parsed is not None
    bodies = {s.heading: s.body for s in parsed.sections}
    assert list(bodies) == ["API", "shapes.Circle", "shapes.Circle.__init__", "shapes.Shape"]
    assert bodies["shapes.Circle.__init__"].endswith("Make a circle of `radius`.")
    assert "Make a circle" not in bodies["shapes.Circle"]
    # A class whose text has its __init__'s already shows it once.
    both = ApiSettings(templates_path=("_templates",), class_content="both")
    again = parse_file("api.rst", text, package_source(src, both), includes=reader)
    assert again is not None
    assert [s.heading for s in again.sections] == ["API", "shapes.Circle", "shapes.Shape"]
    # A project's template copied from Sphinx's keeps it; one without the line does not.
    copied = ".. autoclass:: {{ objname }}\n\n   .. automethod:: __init__\n"
    (docs / "_templates" / "class.rst").write_text(copied, encoding="utf-8")
    assert _class_page(docs, src, "class.rst", settings) == [*LISTED, "shapes.Circle.__init__"]
    (docs / "_templates" / "class.rst").write_text(TSLEARN_CLASS, encoding="utf-8")
    assert "shapes.Circle.__init__" not in _class_page(docs, src, "class.rst", settings)


FATIANDO_CLASS = """\
{{ fullname | escape | underline }}

.. currentmodule:: {{ module }}

.. autoclass:: {{ objname }}

    .. rubric:: Methods Summary

    .. autosummary::
    {% for item in members %}
    {% if item in ['__call__'] %}
        {{ objname }}.{{ item }}
    {% endif %}
    {% endfor %}
    {% for item in methods %}
    {% if item != '__init__' %}
        {{ objname }}.{{ item }}
    {% endif %}
    {% endfor %}

----

{% for item in members %}
{% if item in ['__call__'] %}
.. automethod:: {{ objname }}.{{ item }}
{% endif %}
{% endfor %}

{% for item in methods %}
{% if item != '__init__' %}
.. automethod:: {{ objname }}.{{ item }}
{% endif %}
{% endfor %}
"""


def test_a_class_template_s_loop_over_named_members_documents_those_the_class_has(
    tmp_path: Path,
) -> None:
    # pooch 1.8.2 (and the other Fatiando projects' class.rst): '{% for item in members %}'
    # over "{% if item in ['__call__'] %}" and '.. automethod:: {{ objname }}.{{ item }}'
    # documents a downloader's or processor's __call__ in full (pooch.HTTPDownloader.__call__,
    # pooch.Unzip.__call__); only the loop over 'methods' was read, and the seven __call__
    # entries of its site were lost.
    assert _read_template(FATIANDO_CLASS) == ClassTemplate(
        (), False, False, ("methods",), ("__call__",)
    )
    (tmp_path / "src" / "fetch").mkdir(parents=True)
    (tmp_path / "src" / "fetch" / "__init__.py").write_text(
        'class Base:\n    def __call__(self, url):\n        """Download it."""\n\n\n'
        'class HTTP(Base):\n    """Over HTTP."""\n\n'
        '    def retry(self):\n        """Try again."""\n\n\n'
        'class Plain:\n    """No call."""\n',
        encoding="utf-8",
    )
    docs = tmp_path / "docs"
    (docs / "_templates" / "autosummary").mkdir(parents=True)
    (docs / "_templates" / "autosummary" / "class.rst").write_text(FATIANDO_CLASS, "utf-8")
    reader = IncludeReader(include_root(docs, None, None))
    settings = ApiSettings(templates_path=("_templates",))
    text = "API\n===\n\n.. autosummary::\n   :toctree: gen\n\n   fetch.HTTP\n   fetch.Plain\n"
    source = package_source(tmp_path / "src", settings)
    parsed = parse_file("api.rst", text, source, includes=reader)
    assert parsed is not None
    assert [s.heading for s in parsed.sections] == [
        "API", "fetch.HTTP", "fetch.HTTP.retry", "fetch.HTTP.__call__", "fetch.Plain",
    ]  # fmt: skip
    assert "Download it." in parsed.sections[3].body
