"""builder.projects.autoapi_skip: a conf.py's autoapi-skip-member handler, read without running."""

from __future__ import annotations

from builder.projects.autoapi_skip import skip_handler

ZARR = """
import sphinx

def skip_submodules(app, what, name, obj, skip, options) -> bool:
    '''Skip documenting zarr.codecs submodules.'''
    if what == "module" and name.startswith("zarr.codecs.") or name.startswith("zarr.core"):
        skip = True
    return skip

def setup(app):
    app.add_css_file("custom.css")
    app.connect("autoapi-skip-member", skip_submodules)
"""


def test_zarr_s_handler_skips_its_core_and_its_codecs_modules() -> None:
    skips = skip_handler(ZARR)
    assert skips is not None
    assert skips("package", "zarr.core") and skips("module", "zarr.core.group")
    assert skips("module", "zarr.codecs.blosc")
    assert not skips("package", "zarr.codecs") and not skips("package", "zarr.storage")


def test_returns_literals_not_and_in_are_read() -> None:
    source = (
        "def hide(app, what, name, obj, skip, options):\n"
        '    if what not in ("module", "package"):\n'
        "        return skip\n"
        '    if not name.endswith(("_test", "conftest")) and "._" not in name:\n'
        "        return False\n"
        "    return True\n"
        'def setup(app):\n    app.connect("autoapi-skip-member", hide)\n'
    )
    skips = skip_handler(source)
    assert skips is not None
    assert skips("module", "pkg.io_test") and skips("module", "pkg._impl")
    assert not skips("module", "pkg.io") and not skips("class", "pkg.io_test")


def test_a_handler_that_cannot_be_followed_skips_nothing() -> None:
    source = (
        "def hide(app, what, name, obj, skip, options):\n"
        "    if obj.is_private or name == 'pkg.x':\n"
        "        return True\n"
        "    return skip\n"
        'def setup(app):\n    app.connect("autoapi-skip-member", hide)\n'
    )
    skips = skip_handler(source)
    assert skips is not None and not skips("module", "pkg.x")
    assert skip_handler("def setup(app):\n    app.add_css_file('x.css')\n") is None
    assert skip_handler("def broken(:\n") is None
