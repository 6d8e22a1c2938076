"""A README's status badges read as nothing, in Markdown, HTML inside Markdown and reST; a
screenshot, a logo in PNG and an image that links nowhere keep their alt text."""

from __future__ import annotations

import pytest

from builder.parsers.badges import is_badge, is_logo
from builder.parsers.markdown.parser import parse as parse_markdown
from builder.parsers.rst.parser import parse as parse_rst


@pytest.mark.parametrize(
    ("source", "linked", "badge"),
    [
        ("https://img.shields.io/pypi/v/termcolor.svg?logo=pypi", False, True),
        ("https://github.com/o/r/workflows/Test/badge.svg", False, True),
        ("https://tidelift.com/badges/package/pypi/termcolor", False, True),
        ("https://circleci.com/gh/astanin/python-tabulate.svg?style=svg", True, True),
        ("https://ci.appveyor.com/api/projects/status/8745yksv/branch/master?svg=true", True, True),
        ("https://coveralls.io/repos/o/r/badge.png?branch=master", False, True),
        ("https://colab.research.google.com/assets/colab-badge.svg", False, True),
        ("https://readthedocs.org/projects/r/badge/?version=latest", False, True),
        ("https://badge.fury.io/py/r.svg", False, True),
        ("https://coverage-badge.samuelcolvin.workers.dev/fastapi/typer.svg", False, True),
        ("https://nodei.co/npm/request.png?downloads=true&stars=true", True, True),
        # anndata 0.11.4's README (included in its docs' index) opened with "Build Status".
        ("https://dev.azure.com/o/r/_apis/build/status/o.r?branchName=main", True, True),
        ("https://circleci.com/gh/astanin/python-tabulate.svg?style=svg", False, False),
        ("https://dev.azure.com/o/r/_apis/build/status/o.r?branchName=main", False, False),
        ("https://example.org/img/status-page.png", True, False),  # a screenshot
        # A docs page's screenshot of a badge feature, a logo in a repository named for
        # badges, a logo in SVG linking to the project's site: all read as a badge by a URL
        # holding "badge" anywhere, or by being a linked SVG.
        ("https://docs.example.org/img/badge-settings.png", False, False),
        ("https://raw.githubusercontent.com/o/anybadge/master/docs/logo.png", True, False),
        ("https://typer.example/img/logo-margin/logo-margin-vector.svg", True, False),
        ("https://example.org/screenshots/demo.png", True, False),
        ("images/badge.svg", True, False),  # a file of the docs: shown on the page
        ("", True, False),
    ],
)
def test_a_badge_is_a_remote_image_of_a_badge_service_or_a_linked_svg(
    source: str, linked: bool, badge: bool
) -> None:
    assert is_badge(source, linked) is badge


def test_a_markdown_row_of_badges_reads_as_nothing() -> None:
    # termcolor 3.3.0's README: the row read "PyPI version Supported Python versions PyPI
    # downloads ..." above its first section; tabulate's "Build status Build status".
    text = (
        "# termcolor\n\n"
        "[![PyPI version](https://img.shields.io/pypi/v/termcolor.svg)](https://pypi.example/t)\n"
        "[![Build status](https://circleci.com/gh/o/t.svg?style=svg)](https://circleci.com/gh/o/t)\n"
        "[![Licence](https://img.shields.io/github/license/o/t.svg)](COPYING.txt)\n\n"
        "Colour text. ![A green word](https://example.org/shot.png)\n\n"
        '<p align="center">\n'
        '<a href="https://ci.example/o/t">'
        '<img src="https://ci.example/o/t/status.svg" alt="CI"></a>\n'
        '<img src="https://img.shields.io/badge/style-black-000.svg" alt="Code style">\n'
        '<img src="https://example.org/logo.png" alt="termcolor logo">\n'
        "</p>\n"
    )
    (section,) = parse_markdown(text, "README.md").sections
    assert section.body == "Colour text. A green word"  # the logo too (see below)


@pytest.mark.parametrize(
    ("source", "alt", "logo"),
    [
        ("pino-banner.png", "banner", True),
        ("/docs/logo.png", "Koa middleware framework for nodejs", True),
        ("https://example.org/assets/thanks/fame-logo-light.svg?raw=true", "Fame", True),
        ("https://example.org/brand.png", "fastify logo", True),
        ("https://example.org/screenshots/demo.png", "The logon page", False),
        ("catalogue.png", "Catalogue", False),
    ],
)
def test_a_logo_is_named_so_by_its_file_or_alt_text(source: str, alt: str, logo: bool) -> None:
    assert is_logo(source, alt) is logo


def test_a_logo_on_its_own_reads_as_nothing() -> None:
    # pino 9.6.0's README opened with a section "banner"; koa 2.15.3's intro with its logo's
    # alt text, a line of its own; got 14.4.5's with "Got" and its sponsors' "Encore logo".
    text = (
        "![banner](pino-banner.png)\n\n"
        '<img src="/docs/logo.png" alt="Koa middleware framework for nodejs"/>\n\n'
        "[![fastify logo](https://example.org/brand.png)](https://fastify.example)\n\n"
        "# pino\n\n"
        '<div align="center"><br><img width="360" src="media/logo.svg" alt="Got"><br></div>\n\n'
        "Press ![the logo](logo.png) to go back.\n"
    )
    parsed = parse_markdown(text, "README.md")
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("pino", "Press the logo to go back.")  # a word of its sentence
    ]


def test_a_logo_alone_in_a_table_cell_names_the_cell() -> None:
    # axios 1.21.1's browser support table: a row of logos under the browsers' names, where a
    # logo "on its own" read as nothing left the row "|  |  |  |"; a cell's picture is its text.
    text = (
        "# Browser support\n\n"
        "| Chrome | Firefox |\n| :-: | :-: |\n"
        "| ![Chrome browser logo](https://example.org/chrome/chrome_48x48.png) "
        "| [![Firefox logo](firefox.png)](https://firefox.example) |\n"
        "| Latest | Latest |\n"
    )
    (section,) = parse_markdown(text, "README.md").sections
    assert section.body == ("Chrome | Firefox\nChrome browser logo | Firefox logo\nLatest | Latest")


def test_a_badge_given_by_a_reference_reads_as_nothing() -> None:
    # koa 3.3.0's README: its row read "gitter NPM version build status Test coverage ...".
    text = (
        "# koa\n\n"
        "[![gitter][gitter-image]][gitter-url]\n"
        "[![NPM version][npm-image]][npm-url] ![Coverage][]\n"
        "![A screenshot][shot] ![Undefined][nothing]\n\n"
        "[gitter-image]: https://img.shields.io/gitter/room/koajs/koa.svg?style=flat-square\n"
        "[gitter-url]: https://gitter.im/koajs/koa\n"
        "[npm-image]: https://img.shields.io/npm/v/koa.svg\n"
        "[npm-url]: https://www.npmjs.com/package/koa\n"
        "[coverage]: https://codecov.io/github/koajs/koa/badge.svg\n"
        "[shot]: https://example.org/shot.png\n"
    )
    (section,) = parse_markdown(text, "README.md").sections
    assert section.body == "A screenshot Undefined"


def test_rest_badges_read_as_nothing_and_an_image_substitution_as_its_alt_text() -> None:
    # colorama 0.4.6's README opens with three linked badge images ("Latest Version\n\n
    # Supported Python versions\n\nBuild Status" before the title), toolz 1.0.0's with
    # "|Build Status| |Coverage Status|" defined at its end, and colorama's support table
    # shows "|tideliftlogo|", an image whose alt text is "Tidelift".
    text = (
        ".. image:: https://img.shields.io/pypi/v/colorama.svg\n"
        "    :target: https://pypi.example/colorama/\n"
        "    :alt: Latest Version\n\n"
        "Toolz\n=====\n\n"
        "|Build Status| |Coverage Status|\n\n"
        "Utilities, with |tideliftlogo| support.\n\n"
        ".. image:: https://example.org/screenshots/demo.png\n"
        "    :target: https://example.org/screenshots/\n"
        "    :alt: The demo in a terminal.\n\n"
        ".. |Build Status| image:: https://github.com/o/toolz/workflows/Test/badge.svg\n"
        "   :target: https://github.com/o/toolz/actions\n"
        ".. |Coverage Status| image:: https://coveralls.io/repos/o/toolz/badge.svg?branch=master\n"
        "   :target: https://coveralls.io/r/o/toolz\n"
        ".. |tideliftlogo| image:: https://cdn.example.net/tidelift.png\n"
        "   :alt: Tidelift\n"
        "   :target: https://tidelift.example/subscription\n"
    )
    (section,) = parse_rst(text, "README.rst").sections
    assert section.heading == "Toolz"
    assert section.body == "Utilities, with Tidelift support.\n\nThe demo in a terminal."


def test_an_image_substitution_whose_url_starts_or_goes_on_below_is_read_whole() -> None:
    # docutils takes the URI from the lines up to the options, joined without spaces; only
    # the first line was looked at, so these badges read "travis cov".
    text = (
        "Title\n=====\n\n|travis| |cov| |logo| text.\n\n"
        ".. |travis| image::\n   https://travis-ci.org/o/r.svg?branch=master\n"
        "   :target: https://travis-ci.org/o/r\n"
        ".. |cov| image:: https://codecov.io/gh/o/r/branch/master/graph/\n   badge.svg\n"
        ".. |logo| image:: https://example.org/\n   logo.png\n   :alt: The logo\n"
    )
    (section,) = parse_rst(text, "README.rst").sections
    assert section.body == "The logo text."


def test_an_image_substitution_used_as_a_link_is_a_linked_image() -> None:
    # "|travis|_" links the image as ":target:" does; a CI's SVG there read "travis". Its
    # logo, linked too, and a screenshot used as text keep their names.
    text = (
        "Title\n=====\n\n|travis|_ |logo|_ |shot| text.\n\n"
        ".. |travis| image:: https://travis-ci.org/o/r.svg?branch=master\n"
        ".. _travis: https://travis-ci.org/o/r\n"
        ".. |logo| image:: https://example.org/img/logo.svg\n"
        ".. _logo: https://example.org/\n"
        ".. |shot| image:: https://example.org/demo.svg\n"
    )
    (section,) = parse_rst(text, "README.rst").sections
    assert section.body == "logo shot text."
