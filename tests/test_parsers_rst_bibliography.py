"""builder.parsers.rst.bibliography: sphinxcontrib-bibtex's reference list."""

from __future__ import annotations

from pathlib import Path

from builder.config import VersionConfig
from builder.includes import IncludeReader, include_root
from builder.parsers.markdown.parser import parse as parse_markdown
from builder.parsers.rst.bibliography import bibtex_settings, cited_keys
from builder.parsers.rst.parser import parse as parse_rst
from builder.projects import project_listing

BIB = """\
@article{chawla2002smote,
  title={SMOTE: synthetic minority over-sampling technique},
  author={Chawla, Nitesh V and Bowyer, Kevin W},
  journal={Journal of artificial intelligence research},
  volume={16}, pages={321--357}, year={2002}
}
@article{tomek1976two,
  title={Two modifications of CNN},
  author={Tomek, Ivan},
  journal={IEEE Trans. Systems, Man and Cybernetics},
  volume={6}, pages={769--772}, year={1976}
}
"""
SMOTE = (
    "- [chawla2002smote] Nitesh V Chawla and Kevin W Bowyer. SMOTE: synthetic minority"
    " over-sampling technique. Journal of artificial intelligence research, 16:321\u2013357,"
    " 2002."
)
TOMEK = (
    "- [tomek1976two] Ivan Tomek. Two modifications of CNN. IEEE Trans. Systems, Man and"
    " Cybernetics, 6:769\u2013772, 1976."
)


def _docs(tmp_path: Path) -> IncludeReader:
    docs = tmp_path / "doc"
    (docs / "bibtex").mkdir(parents=True)
    (docs / "bibtex" / "refs.bib").write_text(BIB, encoding="utf-8")
    return IncludeReader(include_root(docs, None, None))


def _body(text: str, reader: IncludeReader) -> str:
    (section,) = parse_rst(text, "zzz_references.rst", None, reader).sections
    return section.body


def test_the_list_shows_the_cited_entries_of_conf_pys_bib_files(tmp_path: Path) -> None:
    # imbalanced-learn 0.14.2's zzz_references.rst ('.. bibliography:: bibtex/refs.bib'):
    # the page was empty and dropped, its 27 works named only by the keys :cite: shows.
    reader = _docs(tmp_path)
    page = "References\n==========\n\n.. bibliography::\n"
    with bibtex_settings(("bibtex/refs.bib",), ("chawla2002smote",)):
        assert _body(page, reader) == SMOTE
        assert _body(page + "   :all:\n", reader) == f"{SMOTE}\n{TOMEK}"
        assert _body(page + "   :notcited:\n", reader) == TOMEK
        named = "References\n==========\n\n.. bibliography:: bibtex/refs.bib\n"
        assert _body(named, reader) == SMOTE
    with bibtex_settings(("bibtex/refs.bib",), ()):  # cited only where it is not read
        assert _body(page, reader) == f"{SMOTE}\n{TOMEK}"
    # A project without the extension: the directive is not sphinxcontrib-bibtex's.
    assert _body(page, reader) == ""


def test_a_myst_page_lists_them_too(tmp_path: Path) -> None:
    reader = _docs(tmp_path)
    page = "# References\n\nThe works cited.\n\n```{bibliography}\n```\n"
    with bibtex_settings(("bibtex/refs.bib",), ("tomek1976two",)):
        (section,) = parse_markdown(page, "references.md", None, reader).sections
    assert section.body == f"The works cited.\n\n{TOMEK}"


def test_the_keys_the_pages_cite() -> None:
    texts = [
        ":cite:`maclin1997empirical`, :cite:p:`a, b` and :footcite:t:`c`",
        "MyST's {cite:p}`d` and {cite}`e,f`; :ref:`not-a-citation`",
    ]
    assert cited_keys(texts) == {"maclin1997empirical", "a", "b", "c", "d", "e", "f"}


def test_a_project_that_loads_the_extension_lists_its_citations(tmp_path: Path) -> None:
    docs = tmp_path / "doc"
    docs.mkdir()
    (docs / "conf.py").write_text(
        "extensions = ['sphinxcontrib.bibtex']\nbibtex_bibfiles = ['bibtex/refs.bib']\n"
    )
    (docs / "index.rst").write_text("Home\n====\n\nAs :cite:`tomek1976two` shows.\n")
    version = VersionConfig("1.0", docs, None, None, (), (), None, None, catalog_folder=tmp_path)
    layout, _ = project_listing(version)
    assert (layout.bibtex_files, layout.cited) == (("bibtex/refs.bib",), ("tomek1976two",))


def test_a_footbibliography_lists_what_the_page_footcites_since_the_one_before(
    tmp_path: Path,
) -> None:
    # chemprop 2.3.1's index.rst: ':footcite:t:`chemprop_theory`' ... '.. footbibliography::'
    # under "we would appreciate if you cite the following papers:", which listed nothing.
    reader = _docs(tmp_path)
    page = (
        "Home\n====\n\nAs :footcite:t:`tomek1976two` and :footcite:`chawla2002smote` show.\n\n"
        ".. footbibliography::\n\nPart\n====\n\nAgain :footcite:p:`tomek1976two`.\n\n"
        ".. footbibliography::\n"
    )
    with bibtex_settings(("bibtex/refs.bib",), ()):
        home, part = parse_rst(page, "index.rst", None, reader).sections
    assert home.body.endswith(f"show.\n\n{TOMEK}\n{SMOTE}")
    assert part.body == f"Again (Tomek, 1976).\n\n{TOMEK}"


def test_a_citation_shows_the_authors_and_year_of_its_entries(tmp_path: Path) -> None:
    # pyunlocbox 0.6.1's "gradient of f_2 :cite:`beck2009FISTA`": 14 citations showed only
    # their keys, the work cited named only in the bibliography's own section.
    reader = _docs(tmp_path)
    page = (
        "Home\n====\n\nSee :cite:`tomek1976two`, :cite:p:`chawla2002smote,tomek1976two` and"
        " :cite:t:`chawla2002smote`; :cite:`unknown` and :cite:p:`{see}tomek1976two` stay.\n"
    )
    with bibtex_settings(("bibtex/refs.bib",), ()):
        (home,) = parse_rst(page, "index.rst", None, reader).sections
    assert home.body == (
        "See (Tomek, 1976), (Chawla and Bowyer, 2002; Tomek, 1976) and Chawla and Bowyer"
        " (2002); unknown and {see}tomek1976two stay."
    )
    (plain,) = parse_rst(page, "index.rst", None, reader).sections  # no sphinxcontrib-bibtex
    assert plain.body.startswith("See tomek1976two, chawla2002smote,tomek1976two and")
