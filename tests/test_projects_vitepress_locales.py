"""A VitePress site's other languages (the config's locales but the default one) are no pages
of its docs."""

from __future__ import annotations

from pathlib import Path

from builder.config import VersionConfig
from builder.projects import project_listing
from builder.projects.vitepress_locales import other_locales

# Vue Router 5.2.0's .vitepress/config/index.ts, its English and Chinese sidebars in modules.
CONFIG = """\
import { enConfig } from './en'
import { zhConfig } from './zh'

export default defineConfig({
  // locales: { fr: {} },
  locales: {
    root: { label: 'English', lang: 'en-US', link: '/', ...enConfig },
    zh: { label: '简体中文', lang: 'zh-CN', link: '/zh/', ...zhConfig },
    'ko': { label: '한국어', lang: 'ko-KR', link: 'https://router.vuejs.kr/' },
  },
})
"""
EN = "export const enConfig = { themeConfig: { sidebar: [{ link: '/guide/' }] } }\n"
ZH = "export const zhConfig = { themeConfig: { sidebar: [{ link: '/zh/guide/' }] } }\n"


def test_the_other_languages_folders_are_left_out(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    for page in ("index.md", "guide/index.md", "zh/index.md", "zh/guide/index.md"):
        (docs / page).parent.mkdir(parents=True, exist_ok=True)
        (docs / page).write_text(f"# {page}\n", encoding="utf-8")
    config = docs / ".vitepress" / "config"
    config.mkdir(parents=True)
    for name, text in (("index.ts", CONFIG), ("en.ts", EN), ("zh.ts", ZH)):
        (config / name).write_text(text, encoding="utf-8")
    version = VersionConfig("1.0.0", docs, None, None, (), (), None, None, project="auto")
    layout, listing = project_listing(version)
    assert [c.relpath for c in listing.candidates] == ["guide/index.md", "index.md"]
    # ko links to another site: it has no folder here.
    assert "pages of the other languages left out: zh/" in layout.notes


def test_without_a_root_locale_english_is_kept() -> None:
    config = "export default { locales: { fr: { lang: 'fr' }, 'en-US': {}, de: {} } }"
    assert other_locales([config]) == ("fr", "de")
    assert other_locales(["export default { locales: { zh: {}, ja: {} } }"]) == ("ja",)
    assert other_locales(["export default { locales }"]) == ()
