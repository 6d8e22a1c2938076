"""builder.parsers.rst.extlinks: sphinx.ext.extlinks' roles as their links read."""

from __future__ import annotations

import pytest

from builder.parsers.rst.extlinks import extlink_roles, read_extlinks
from builder.parsers.rst.inline import render_inline

# blinker 1.9.0's conf.py, plus a role of each other kind.
LINKS = read_extlinks(
    {
        "issue": ("https://github.com/pallets-eco/blinker/issues/%s", "#%s"),
        "pr": ("https://github.com/pallets-eco/blinker/pull/%s", "#%s"),
        "pypi": ("https://pypi.org/project/%s/", None),
        "CVE": ("https://www.cve.org/CVERecord?id=CVE-%s", "CVE-%s"),
        "gh": ("https://github.com/%s", "GitHub: "),
        "pct": ("https://example.org/%s", "100%% %s"),
        "broken": "https://example.org/%s",
    }
)


def test_conf_py_s_setting_is_read_as_role_url_and_caption() -> None:
    assert [role for role, _, _ in LINKS] == ["cve", "gh", "issue", "pct", "pr", "pypi"]
    assert read_extlinks(["not", "a", "dict"]) == ()


@pytest.mark.parametrize(
    ("source", "shown"),
    [
        # blinker's changelog read "Drop support for Python 3.8. 175".
        ("Drop support for Python 3.8. :pr:`175`", "Drop support for Python 3.8. #175"),
        (":issue:`173`", "#173"),
        (":pypi:`blinker`", "https://pypi.org/project/blinker/"),
        (":cve:`2024-1234`", "CVE-2024-1234"),
        (":gh:`pallets-eco/blinker`", "GitHub: pallets-eco/blinker"),
        (":pct:`done`", "100% done"),
        (":pr:`the fix <175>`", "the fix"),
    ],
)
def test_roles_read_as_the_page_shows_them(source: str, shown: str) -> None:
    with extlink_roles(LINKS):
        assert render_inline(source) == shown


def test_projects_without_the_extension_read_them_as_plain_roles() -> None:
    with extlink_roles(None):
        assert render_inline("fixed in :pr:`175`") == "fixed in 175"
