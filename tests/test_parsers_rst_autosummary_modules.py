"""builder.parsers.rst.autosummary_modules: the pages autosummary writes for a module."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builder.api.model import ApiSettings
from builder.includes import IncludeReader, include_root
from builder.parsers import parse_file
from tests.api_support import package_source

# pysindy 2.1.0's templates/module.rst (the widely copied recursive template), cut down.
MODULE_TEMPLATE = """\
{{ fullname | escape | underline}}

.. automodule:: {{ fullname }}

   {% block functions %}
   {% if functions %}
   .. rubric:: {{ _('Functions') }}

   .. autosummary::
      :toctree:
      :nosignatures:
   {% for item in functions %}
      {{ item }}
   {%- endfor %}
   {% endif %}
   {% endblock %}

   {% block classes %}
   {% if classes %}
   .. rubric:: {{ _('Classes') }}

   .. autosummary::
      :toctree:
      :template: class.rst
   {% for item in classes %}
      {{ item }}
   {%- endfor %}
   {% endif %}
   {% endblock %}

{% block modules %}
{% if modules %}
.. autosummary::
   :toctree:
   :template: module.rst
   :recursive:
{% for item in modules %}
   {{ item }}
{%- endfor %}
{% endif %}
{% endblock %}
"""
API = """\
API
===

.. autosummary::
   :toctree: generated/
   :template: module.rst
   :recursive:

   shapes
"""


def _parse(tmp_path: Path, text: str, settings: ApiSettings) -> list[tuple[str, str]]:
    docs = tmp_path / "docs"
    (docs / "templates").mkdir(parents=True, exist_ok=True)
    (docs / "templates" / "module.rst").write_text(MODULE_TEMPLATE, encoding="utf-8")
    reader = IncludeReader(include_root(docs, None, None))
    source = package_source(tmp_path / "src", settings)
    parsed = parse_file("api.rst", text, source, includes=reader)
    assert parsed is not None
    return [(s.heading, s.body) for s in parsed.sections]


def test_a_recursive_table_of_a_package_documents_its_modules_and_their_members(
    tmp_path: Path,
) -> None:
    # pysindy 2.1.0's api.rst lists its package so: the package was left to its summary line,
    # and the whole API reference was that line (sections 34 -> 319).
    settings = ApiSettings(templates_path=("templates",))
    sections = _parse(tmp_path, API, settings)
    assert [heading for heading, _ in sections] == [
        "API", "shapes", "shapes.base", "shapes.base.Shape", "shapes.circle",
        "shapes.circle.area", "shapes.circle.Circle",
    ]  # fmt: skip
    bodies = dict(sections)
    assert bodies["shapes"] == "Shapes and how to measure them."  # defines nothing itself
    assert bodies["shapes.circle"] == (
        "Circles.\n\nFunctions:\n- `area`: The area of a circle.\n\n"
        "Classes:\n- `Circle`: A round shape."
    )
    assert "Raises:\n- ValueError: When the radius is negative." in bodies["shapes.circle.area"]


def test_a_module_page_lists_what_all_names_when_conf_py_says_so(tmp_path: Path) -> None:
    # autosummary_ignore_module_all = False (pysindy's): the package's page lists the classes
    # its __all__ names, imported from its modules.
    settings = ApiSettings(templates_path=("templates",), autosummary_module_all=True)
    text = API.replace("   :recursive:\n", "")
    sections = _parse(tmp_path, text, settings)
    assert [heading for heading, _ in sections][:4] == [
        "API", "shapes", "shapes.area", "shapes.Circle",
    ]  # fmt: skip
    assert dict(sections)["shapes"].startswith(
        "Shapes and how to measure them.\n\nFunctions:\n- `area`: The area of a circle.\n\n"
        "Classes:\n- `Circle`: A round shape.\n- `Shape`: Anything with an outline."
    )
    assert "shapes.base" not in dict(sections)  # its modules only with :recursive:


def test_a_module_template_s_loops_that_document_each_member_document_them(
    tmp_path: Path,
) -> None:
    # sphinx-gallery 0.10.1's doc/_templates/module.rst documents each function and class of
    # a module in full on its page ('.. autofunction:: {{ item }}' in the loop over
    # functions, '.. autoclass:: {{ item }}' with ':members:' over classes), where Sphinx's
    # own lists them: the module pages held their docstrings alone (objects missing 89 -> 9).
    template = (
        "{{ fullname }}\n{{ underline }}\n\n.. automodule:: {{ fullname }}\n\n"
        "   {% block functions %}\n   {% if functions %}\n\n   Functions\n   ---------\n\n"
        "   {% for item in functions %}\n\n   .. autofunction:: {{ item }}\n\n"
        "   .. minigallery:: {{fullname}}.{{item}}\n\n   {%- endfor %}\n   {% endif %}\n"
        "   {% endblock %}\n\n   {% block classes %}\n   {% if classes %}\n\n"
        "   {% for item in classes %}\n   .. autoclass:: {{ item }}\n      :members:\n\n"
        "   {%- endfor %}\n   {% endif %}\n   {% endblock %}\n"
    )
    docs = tmp_path / "docs"
    (docs / "templates").mkdir(parents=True)
    (docs / "templates" / "module.rst").write_text(template, encoding="utf-8")
    settings = ApiSettings(templates_path=("templates",))
    reader = IncludeReader(include_root(docs, None, None))
    source = package_source(tmp_path / "src", settings)
    text = API.replace("   :recursive:\n\n   shapes\n", "\n   shapes.circle\n")
    parsed = parse_file("api.rst", text, source, includes=reader)
    assert parsed is not None
    assert [s.heading for s in parsed.sections] == [
        "API", "shapes.circle", "shapes.circle.area", "shapes.circle.Circle",
        "shapes.circle.Circle.scale",
    ]  # fmt: skip
    assert parsed.sections[1].body == "Circles."  # no summary tables: the loops document them
    assert "Raises:\n- ValueError: When the radius is negative." in parsed.sections[2].body


def test_a_template_of_many_tables_is_read_in_linear_time(tmp_path: Path) -> None:
    """Each ``autosummary`` line of a module template copied the template's lines after it,
    so one of 80,000 such lines took 6 s per module page, the largest a build reads hours
    (quadratic). The subprocess's timeout guards against that hang; it is no timing."""
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from builder.api.model import ApiSettings\n"
        "from builder.includes import IncludeReader, include_root\n"
        "from builder.parsers import parse_file\n"
        "from tests.api_support import package_source\n"
        "from tests.test_parsers_rst_autosummary_modules import API, MODULE_TEMPLATE\n"
        "root = Path(sys.argv[1])\n"
        "(root / 'docs' / 'templates').mkdir(parents=True)\n"
        "template = '.. autosummary::\\n' * 300_000 + MODULE_TEMPLATE\n"
        "(root / 'docs' / 'templates' / 'module.rst').write_text(template, encoding='utf-8')\n"
        "settings = ApiSettings(templates_path=('templates',))\n"
        "reader = IncludeReader(include_root(root / 'docs', None, None))\n"
        "source = package_source(root / 'src', settings)\n"
        "parsed = parse_file('api.rst', API, source, includes=reader)\n"
        "print(*(section.heading for section in parsed.sections))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split() == [
        "API", "shapes", "shapes.base", "shapes.base.Shape", "shapes.circle",
        "shapes.circle.area", "shapes.circle.Circle",
    ]  # fmt: skip
