"""conf.py is read for its literal values only, never run."""

from builder.sphinx_conf import read_sphinx_conf


def test_literal_values_are_read_and_the_rest_is_named() -> None:
    conf = read_sphinx_conf(
        "import os\n"
        "project = 'demo'\n"
        "root_doc = 'contents'\n"
        "exclude_patterns = ['_build', 'drafts/**']\n"
        "release: str = '1.0'\n"
        "source_suffix = {'.rst': 'restructuredtext'}\n"
        "default_role = None\n"
        "html_static_path = [os.path.join('a', 'b')]\n"
        "templates_path = ['_t']\n"
        "templates_path += ['_more']\n"
        "os.system('echo never run')\n"
    )
    assert conf.values == {
        "project": "demo",
        "root_doc": "contents",
        "exclude_patterns": ["_build", "drafts/**"],
        "release": "1.0",
        "source_suffix": {".rst": "restructuredtext"},
        "default_role": None,
    }
    assert conf.not_literal == ("html_static_path", "templates_path")
    assert conf.problem is None


def test_a_later_literal_assignment_wins() -> None:
    conf = read_sphinx_conf("master_doc = compute()\nmaster_doc = 'index'\n")
    assert conf.get("master_doc") == "index"
    assert conf.not_literal == ()


def test_invalid_python_is_a_problem_not_an_error() -> None:
    conf = read_sphinx_conf("def broken(:\n")
    assert conf.values == {}
    assert conf.problem == "not valid Python (SyntaxError); not read"
