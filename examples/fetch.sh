#!/usr/bin/env bash
# Rebuild the example documentation corpus from the package registries.
#
# Uses only the ordinary registry clients (pip, npm, apt-get), so it works on
# any machine that can install packages. Run it from anywhere:
#
#     bash examples/fetch.sh
#
# It replaces the library folders below with freshly extracted files; README.md,
# docbuild.toml, fetch.sh and compat/ are left alone. apt-get needs its package
# lists: run `apt-get update` once before (as root) if `apt-get download` fails.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

# Copy the files of $1 (a directory) matching the find(1) name patterns that
# follow into $2, keeping their relative paths.
copy_matching() {
    local src="$1" dest="$2"
    shift 2
    local -a expr=()
    for pattern in "$@"; do
        expr+=(${expr:+-o} -name "$pattern")
    done
    mkdir -p "$dest"
    (cd "$src" && find . -type f \( "${expr[@]}" \) -print0) |
        (cd "$src" && xargs -0 cp --parents -t "$dest")
}

fresh() {
    rm -rf "$here/$1"
    mkdir -p "$here/$1"
}

# --- PyPI source archives ---------------------------------------------------
# Download the source archive of $1 version $2 and unpack it into ./$1-$2 (archives name
# their top folder after the normalized project name, e.g. dirty_equals-0.9.0).
pypi_sdist() {
    pip download --quiet --no-deps --no-binary :all: "$1==$2" -d "sdist/$1-$2"
    mkdir -p "$1-$2"
    tar xzf "sdist/$1-$2/"*.tar.gz -C "$1-$2" --strip-components=1
}

# werkzeug: the Sphinx reST sources of docs/ (no images, conf.py or Makefiles), and the
# package's Python modules under src/ (what its autodoc directives document).
fresh werkzeug
for v in 2.3.8 3.1.3; do
    pypi_sdist werkzeug "$v"
    copy_matching "werkzeug-$v/docs" "$here/werkzeug/$v" '*.rst'
    copy_matching "werkzeug-$v/src" "$here/werkzeug/$v/src" '*.py'
done
cp werkzeug-2.3.8/LICENSE.rst "$here/werkzeug/LICENSE.rst"
cp werkzeug-3.1.3/LICENSE.txt "$here/werkzeug/LICENSE.txt"

# attrs: docs/ is MyST Markdown plus two reST API pages.
fresh attrs
pypi_sdist attrs 25.3.0
copy_matching attrs-25.3.0/docs "$here/attrs/25.3.0" '*.md' '*.rst'
cp attrs-25.3.0/LICENSE "$here/attrs/LICENSE"

# pypinyin: Chinese reST (the changelog; the sdist has no docs/ folder, and its README
# links to a package registry's web pages, see the end of this script).
fresh pypinyin
for v in 0.49.0 0.55.0; do
    pypi_sdist pypinyin "$v"
    mkdir -p "$here/pypinyin/$v"
    cp "pypinyin-$v/CHANGELOG.rst" "$here/pypinyin/$v/"
done
cp pypinyin-0.55.0/LICENSE.txt "$here/pypinyin/LICENSE.txt"

# The libraries below keep each version as a subset of its source archive, same relative
# paths: the license file, the docs folder and the package's Python modules (no tests).

# itsdangerous: Sphinx reST docs/ with autodoc API pages, and src/itsdangerous/.
fresh itsdangerous
for v in 2.1.2 2.2.0; do
    pypi_sdist itsdangerous "$v"
    copy_matching "itsdangerous-$v/docs" "$here/itsdangerous/$v/docs" '*.rst' conf.py
    copy_matching "itsdangerous-$v/src" "$here/itsdangerous/$v/src" '*.py'
done
cp itsdangerous-2.1.2/LICENSE.rst "$here/itsdangerous/2.1.2/"
cp itsdangerous-2.2.0/LICENSE.txt "$here/itsdangerous/2.2.0/"

# pluggy: Sphinx reST docs/ (narrative index.rst, autodoc api_reference.rst, and the example
# scripts index.rst literalincludes), and src/pluggy/.
fresh pluggy
for v in 1.5.0 1.6.0; do
    pypi_sdist pluggy "$v"
    copy_matching "pluggy-$v/docs" "$here/pluggy/$v/docs" '*.rst' '*.py'
    copy_matching "pluggy-$v/src" "$here/pluggy/$v/src" '*.py'
    cp "pluggy-$v/LICENSE" "$here/pluggy/$v/"
done

# dirty-equals: MkDocs with mkdocstrings (`::: dirty_equals.IsInt` blocks): mkdocs.yml, the
# Markdown pages and hook module of docs/, and the dirty_equals/ package.
fresh dirty-equals
for v in 0.8.0 0.9.0; do
    pypi_sdist dirty-equals "$v"
    copy_matching "dirty-equals-$v/docs" "$here/dirty-equals/$v/docs" '*.md' '*.py'
    copy_matching "dirty-equals-$v/dirty_equals" "$here/dirty-equals/$v/dirty_equals" '*.py'
    cp "dirty-equals-$v/mkdocs.yml" "dirty-equals-$v/LICENSE" "$here/dirty-equals/$v/"
done

# cattrs: Sphinx with MyST Markdown pages (plus reST autodoc API pages) in docs/, and the
# src/cattrs/ and src/cattr/ packages. (markdown-it-py's source archives have no docs/.)
fresh cattrs
for v in 24.1.2 25.1.1; do
    pypi_sdist cattrs "$v"
    copy_matching "cattrs-$v/docs" "$here/cattrs/$v/docs" '*.md' '*.rst' conf.py
    copy_matching "cattrs-$v/src" "$here/cattrs/$v/src" '*.py'
    cp "cattrs-$v/LICENSE" "$here/cattrs/$v/"
done

# click: Sphinx reST docs/ with an autodoc api.rst (no conf.py), and src/click/. Every
# question about it is in the test split (eval/dataset.py HELD_OUT).
fresh click
for v in 7.1.2 8.1.7; do
    pypi_sdist click "$v"
    copy_matching "click-$v/docs" "$here/click/$v/docs" '*.rst'
    copy_matching "click-$v/src/click" "$here/click/$v/src/click" '*.py'
done
cp click-8.1.7/LICENSE.rst "$here/click/LICENSE.rst"

# jinja: Sphinx reST docs/ with an autodoc api.rst (no conf.py) and the example extensions
# extensions.rst literalincludes, src/jinja2/ and LICENSE.txt (license.rst includes it). Every
# question about it is in the test split (eval/dataset.py HELD_OUT).
fresh jinja
pypi_sdist jinja2 3.1.4
copy_matching jinja2-3.1.4/docs "$here/jinja/3.1.4/docs" '*.rst' '*.py'
rm -f "$here/jinja/3.1.4/docs/conf.py"
copy_matching jinja2-3.1.4/src/jinja2 "$here/jinja/3.1.4/src/jinja2" '*.py'
cp jinja2-3.1.4/LICENSE.txt "$here/jinja/3.1.4/"

# anyio, structlog, humanize: every question about them is in the validation split
# (eval/dataset.py VALIDATION). anyio: Sphinx reST docs/ with conf.py and an autodoc api.rst,
# src/anyio/, README.rst (which index.rst includes) and LICENSE.
fresh anyio
pypi_sdist anyio 4.6.2
copy_matching anyio-4.6.2/docs "$here/anyio/4.6.2/docs" '*.rst' conf.py
copy_matching anyio-4.6.2/src/anyio "$here/anyio/4.6.2/src/anyio" '*.py'
cp anyio-4.6.2/README.rst anyio-4.6.2/LICENSE "$here/anyio/4.6.2/"

# structlog: Sphinx with MyST Markdown pages, conf.py and an autodoc api.rst; src/structlog/;
# its dual license (MIT or Apache-2.0) with COPYRIGHT and NOTICE.
fresh structlog
pypi_sdist structlog 24.4.0
copy_matching structlog-24.4.0/docs "$here/structlog/24.4.0/docs" '*.md' '*.rst' conf.py
copy_matching structlog-24.4.0/src/structlog "$here/structlog/24.4.0/src/structlog" '*.py'
cp structlog-24.4.0/{LICENSE-MIT,LICENSE-APACHE,COPYRIGHT,NOTICE} "$here/structlog/24.4.0/"

# humanize: MkDocs (mkdocs.yml beside docs/) whose pages are mkdocstrings blocks over
# src/humanize/.
fresh humanize
pypi_sdist humanize 4.11.0
copy_matching humanize-4.11.0/docs "$here/humanize/4.11.0/docs" '*.md'
copy_matching humanize-4.11.0/src/humanize "$here/humanize/4.11.0/src/humanize" '*.py'
cp humanize-4.11.0/mkdocs.yml humanize-4.11.0/LICENCE "$here/humanize/4.11.0/"

# --- npm packages -------------------------------------------------------------
npm_pack() {
    rm -rf package
    npm pack --silent "$1@$2" >/dev/null
    tar xzf "$1-$2.tgz"
}

# vconsole: Markdown in English and Chinese (the changelogs; the readmes link to a package
# registry's web pages, see the end of this script).
fresh vconsole
npm_pack vconsole 3.15.1
mkdir -p "$here/vconsole/3.15.1"
cp package/CHANGELOG.md package/CHANGELOG_CN.md "$here/vconsole/3.15.1/"
cp package/LICENSE "$here/vconsole/LICENSE"

# --- Debian package ------------------------------------------------------------
# python: a handful of pages of CPython's own Sphinx HTML build (no static assets).
fresh python
apt-get download python3.11-doc
dpkg-deb -x python3.11-doc_*.deb deb
html=deb/usr/share/doc/python3.11/html
mkdir -p "$here/python/3.11.2"
(cd "$html" && cp --parents -t "$here/python/3.11.2" \
    library/json.html library/pathlib.html library/os.path.html library/functools.html \
    library/itertools.html library/collections.html library/re.html library/dataclasses.html \
    library/contextlib.html library/enum.html library/csv.html library/argparse.html \
    library/asyncio-task.html tutorial/controlflow.html tutorial/classes.html \
    tutorial/errors.html glossary.html license.html)
cp deb/usr/share/doc/python3.11-doc/copyright "$here/python/LICENSE"

# cbor2 5.4.6: the Sphinx HTML of Debian's python-cbor2-doc, the content pages only.
apt-get download python-cbor2-doc
dpkg-deb -x python-cbor2-doc_*.deb cbor2deb
html=cbor2deb/usr/share/doc/python-cbor2-doc/html
rm -rf "$here/cbor2" && mkdir -p "$here/cbor2/5.4.6"
(cd "$html" && cp --parents -t "$here/cbor2/5.4.6" \
    index.html usage.html customizing.html versionhistory.html \
    modules/decoder.html modules/encoder.html modules/types.html)
cp cbor2deb/usr/share/doc/python-cbor2-doc/copyright "$here/cbor2/LICENSE"

echo "examples refreshed in $here"

# --- Left out ------------------------------------------------------------------
# Files that name a package registry's host (badges, "pip install" pages, project links) are
# not committed to this repository: the project names no registry host in any file. Whole
# files go, never edited lines.
rm -f "$here"/werkzeug/*/installation.rst "$here"/werkzeug/*/serving.rst \
    "$here"/werkzeug/*/deployment/mod_wsgi.rst \
    "$here"/attrs/25.3.0/index.md "$here"/attrs/25.3.0/names.md \
    "$here"/python/3.11.2/library/itertools.html "$here"/python/3.11.2/library/re.html \
    "$here"/itsdangerous/*/docs/conf.py "$here"/dirty-equals/*/docs/index.md \
    "$here"/cattrs/*/docs/index.md \
    "$here"/click/*/docs/utils.rst "$here"/click/7.1.2/src/click/utils.py \
    "$here"/jinja/3.1.4/src/jinja2/bccache.py \
    "$here"/anyio/4.6.2/docs/{basics,migration,streams,tasks,versionhistory}.rst \
    "$here"/structlog/24.4.0/docs/{console-output,frameworks,getting-started,index}.md \
    "$here"/structlog/24.4.0/docs/{performance,recipes}.md \
    "$here"/structlog/24.4.0/src/structlog/dev.py
