"""builder.parsers.markdown.home_page: a home page's hero and features read as its text."""

from __future__ import annotations

from builder.parsers.markdown.home_page import MAX_HOME_FRONT_MATTER, home_page_text
from builder.parsers.markdown.parser import parse
from tests.test_parsers_markdown import bodies

# Pinia's docs/index.md (Oct 2024), cut down: the page is its front matter.
PINIA_HOME = """\
---
layout: home

title: Pinia

hero:
  name: Pinia
  text: The intuitive store for Vue.js
  tagline: Type Safe, Extensible, and Modular by design.
  actions:
    - theme: brand
      text: Get Started
      link: /introduction

features:
  - title: 💡 Intuitive
    details: Stores are as familiar as components.
  - title: 📦 Extremely light
    details: Pinia weighs ~1.5kb,<br>you will forget it's even there!
---

<script setup>
import HomeSponsors from './.vitepress/theme/components/HomeSponsors.vue'
</script>

<HomeSponsors />
"""


def test_a_vitepress_home_pages_hero_and_features_are_its_text() -> None:
    # It read as no section: the features were nowhere.
    parsed = parse(PINIA_HOME, "index.md")
    assert [(s.heading, s.body) for s in parsed.sections] == [
        (
            "Pinia",
            "The intuitive store for Vue.js\n\n"
            "Type Safe, Extensible, and Modular by design.\n\n"
            "- 💡 Intuitive: Stores are as familiar as components.\n"
            "- 📦 Extremely light: Pinia weighs ~1.5kb, you will forget it's even there!",
        )
    ]


def test_a_vuepress_home_page_and_a_page_of_no_home_layout() -> None:
    vuepress = (
        "---\nhome: true\nheroText: Widget\ntagline: Small widgets.\n"
        "features:\n- title: Fast\n  details: Very.\n---\n\n# Intro\n\nText.\n"
    )
    assert bodies(parse(vuepress, "README.md")) == [
        "Widget\n\nSmall widgets.\n\n- Fast: Very.",
        "Text.",
    ]
    guide = "---\nlayout: doc\nfeatures:\n- title: Fast\n---\n\n# Guide\n\nText.\n"
    assert bodies(parse(guide, "guide.md")) == ["Text."]


def test_features_repeated_by_yaml_aliases_stop_at_the_front_matters_size() -> None:
    # 58 KB of front matter listed one 60 KB feature 4,000 times by alias: 240 MB of text.
    words = "word " * 6000
    front_matter = (
        f"layout: home\nfeature: &f {{title: Big, details: {words}}}\nfeatures:\n"
        + "  - *f\n" * 4000
        + "  - {title: Last, details: Never}\n"
    )
    text = home_page_text(front_matter, "Home")
    assert text.startswith("- Big: word word")
    assert len(text) <= MAX_HOME_FRONT_MATTER
    assert "Last" not in text
