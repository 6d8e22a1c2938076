"""builder.api.substitution: docstrings a Substitution decorator fills in, filled in."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.parsers import parse_file

DECORATOR = '''\
class Substitution:
    def __init__(self, *args, **kwargs):
        self.params = args or kwargs

    def __call__(self, obj):
        obj.__doc__ = obj.__doc__.format(**self.params)
        return obj


_random_state_docstring = """random_state : int, default=None
        The seed.

        - If int, the seed itself.
    """.rstrip()
'''

SAMPLERS = '''\
from samplers._docstring import Substitution, _random_state_docstring


class Base:
    _strategy_docstring = (
        """strategy : str, default='auto'
        Which classes to resample."""
    )


@Substitution(strategy=Base._strategy_docstring, random_state=_random_state_docstring)
class Sampler(Base):
    """Resample at random.

    Parameters
    ----------
    {strategy}

    {random_state}

    ratio : float
        How many.

    Examples
    --------
    >>> print(f"{{ratio}}")
    """


@Substitution(strategy=compute())
class Computed:
    """Resample {strategy}."""
'''


def test_a_substitution_decorator_fills_the_docstring_in(tmp_path: Path) -> None:
    # imbalanced-learn 0.14.2 writes sampling_strategy, random_state and n_jobs once and
    # has @Substitution put them in 27 classes' docstrings: each '{random_state}' line was
    # read as a placeholder, so every sampler's main parameters were missing.
    package = tmp_path / "src" / "samplers"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "_docstring.py").write_text(DECORATOR, encoding="utf-8")
    (package / "core.py").write_text(SAMPLERS, encoding="utf-8")
    source = GriffeSource(tmp_path / "src", ApiSettings(docstring_style="numpydoc"), "src")
    text = "API\n===\n\n.. autoclass:: samplers.core.Sampler\n\n"
    text += ".. autoclass:: samplers.core.Computed\n"
    parsed = parse_file("api.rst", text, source)
    assert parsed is not None
    sampler, computed = parsed.sections[1], parsed.sections[2]
    assert sampler.body == (
        "`samplers.core.Sampler()`\n\n"
        "Resample at random.\n\n"
        "Parameters:\n"
        "- strategy (str, default='auto'): Which classes to resample.\n"
        "- random_state (int, default=None): The seed.\n"
        "  - If int, the seed itself.\n"
        "- ratio (float): How many.\n\n"
        'Examples:\n```pycon\n>>> print(f"{ratio}")\n```'
    )
    # A value that is not a string in the code leaves the docstring as written.
    assert computed.body.endswith("Resample {strategy}.")


def test_the_docstring_filled_in_is_the_one_griffe_read(tmp_path: Path) -> None:
    # The docstring as written was read again from the file for each decorated object (a
    # module of 2,000 decorated functions took 5.0 s to read, 1.7 s now); it is the text
    # griffe parsed, so a file edited once griffe has read it cannot shift its lines.
    package = tmp_path / "src" / "samplers"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "_docstring.py").write_text(DECORATOR, encoding="utf-8")
    (package / "core.py").write_text(SAMPLERS, encoding="utf-8")
    source = GriffeSource(tmp_path / "src", ApiSettings(docstring_style="numpydoc"), "src")
    assert parse_file("a.rst", "A\n=\n\n.. autoclass:: samplers.core.Computed\n", source)
    (package / "core.py").write_text("\n\n" + SAMPLERS, encoding="utf-8")
    parsed = parse_file("b.rst", "B\n=\n\n.. autoclass:: samplers.core.Sampler\n", source)
    assert parsed is not None
    assert "- random_state (int, default=None): The seed." in parsed.sections[1].body


def test_a_substituted_docstring_s_signature_line_is_read_after_filling_in(
    tmp_path: Path,
) -> None:
    # autodoc_docstring_signature: a decorated function whose docstring opens with its call
    # lost the decorator's parameters ('{random_state}' read from the docstring's rest).
    package = tmp_path / "src" / "samplers"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "_docstring.py").write_text(DECORATOR, encoding="utf-8")
    (package / "core.py").write_text(
        "from samplers._docstring import Substitution, _random_state_docstring\n\n\n"
        "@Substitution(random_state=_random_state_docstring)\n"
        "def sample(X, random_state=None):\n"
        '    """sample(X, random_state=None) -> X\n\n'
        "    Resample.\n\n    Parameters\n    ----------\n    {random_state}\n"
        '    """\n',
        encoding="utf-8",
    )
    settings = ApiSettings(docstring_style="numpydoc", docstring_signature=True)
    found = GriffeSource(tmp_path / "src", settings, "src").find("samplers.core.sample")
    assert found is not None
    assert found.signature == "sample(X, random_state=None) -> X"
    assert [(part.title, [field.name for field in part.fields]) for part in found.doc] == [
        ("", []),
        ("Parameters", ["random_state"]),
    ]
