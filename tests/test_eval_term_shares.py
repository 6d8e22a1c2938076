"""eval.term_shares and the table it writes: each token's share of sections, averaged over
libraries, read back by the search (client.search.glossary.term_shares)."""

from importlib import resources
from pathlib import Path

import pytest

from client.search.glossary import MIN_SHARE, TERM_SHARES, WordListError, term_shares
from eval.term_shares import term_shares as measured_shares
from eval.term_shares import write
from schemas.text import TOKENIZER


def test_a_share_is_averaged_over_libraries_not_sections() -> None:
    large = [("Return values", (), "what a call returns")] * 9 + [("Widgets", (), "frobnicate")]
    small = [("Returns", ("Guide",), "the return value"), ("Other", (), "nothing here")]
    shares = measured_shares([large, small])
    assert shares["return"] == pytest.approx((9 / 10 + 1 / 2) / 2)
    # One section of ten in one library of two: its share is the mean of 0.1 and 0.
    assert shares["frobnicat"] == pytest.approx(0.05)
    assert shares["guid"] == pytest.approx(0.25)  # the heading path counts


def test_tokens_rarer_than_the_least_share_are_left_out() -> None:
    sections = [("Common", (), "word")] * 4000 + [("Common", (), "word rareword")]
    shares = measured_shares([sections])
    assert "word" in shares and "rareword" not in shares  # 1 / 4001 < MIN_SHARE
    assert MIN_SHARE > 1 / 4001


def test_the_written_table_is_read_back(tmp_path: Path) -> None:
    target = tmp_path / TERM_SHARES
    write({"return": 0.223, "frobnic": 0.05}, 2, target)
    lines = target.read_text(encoding="utf-8").splitlines()
    assert f"({TOKENIZER})" in lines[0] and lines[1:] == ["frobnic\t0.05000", "return\t0.22300"]


def test_the_shipped_table_names_its_tokenizer_and_holds_common_and_rare_tokens() -> None:
    text = resources.files("client.search").joinpath(TERM_SHARES).read_text(encoding="utf-8")
    header = text.partition("\n")[0]
    assert header.startswith("#") and f"({TOKENIZER})" in header
    shares = term_shares()
    assert len(shares) > 5000 and min(shares.values()) >= MIN_SHARE
    assert shares["return"] > 10 * shares.get("backoff", MIN_SHARE)


def test_a_table_of_another_tokenizer_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    term_shares.cache_clear()
    monkeypatch.setattr(
        "client.search.glossary._shipped_text",
        lambda _name: "# written with (doctrove-text@0)\nreturn\t0.2\n",
    )
    try:
        with pytest.raises(WordListError, match="not written with tokenizer"):
            term_shares()
    finally:
        monkeypatch.undo()
        term_shares.cache_clear()
