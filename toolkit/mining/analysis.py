"""LAC tokens placed back on the offsets of the sentences that toolkit.mining.normalise cuts."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from toolkit.mining import english_tokens, lac_shim
from toolkit.mining.documents import Document
from toolkit.mining.normalise import Sentence, split_sentences  # noqa: F401 (one sentence splitter for all miners)

NOUNISH = frozenset({"n", "nz", "vn", "nw", "an", "ORG", "LOC", "PER", "f"})


@dataclass(slots=True)
class Token:
    text: str
    pos: str
    rank: int
    start: int
    end: int


def tokenise(sentences: list[Sentence], mode: str = "rank", terms: Iterable[str] = ()) -> list[Sentence]:
    """Fill each sentence's tokens in place (one LAC run in batches; English sentences by the English
    tagger, english_tokens) and return the sentences."""
    outputs: list = [None] * len(sentences)
    chinese = []
    for index, sentence in enumerate(sentences):
        if english_tokens.is_english(sentence.text):
            words, tags = english_tokens.tag(sentence.text)
            outputs[index] = words if mode == "seg" else (words, tags) if mode == "lac" else (words, tags, [1] * len(words))
        else:
            chinese.append(index)
    for index, output in zip(chinese, lac_shim.run([sentences[i].text for i in chinese], mode, terms) if chinese else []):
        outputs[index] = output
    return place(sentences, outputs, mode)


def place(sentences: list[Sentence], outputs: list, mode: str) -> list[Sentence]:
    """LAC's outputs (one per sentence, as lac_shim.run gives them) put on the sentences' offsets."""
    for sentence, output in zip(sentences, outputs):
        words = output[0] if mode != "seg" else output
        tags = output[1] if mode != "seg" else [""] * len(words)
        ranks = output[2] if mode == "rank" else [1] * len(words)
        position = 0
        tokens = []
        for word, tag, rank in zip(words, tags, ranks):
            found = sentence.text.find(word, position)
            if found < 0:  # LAC normalises nothing, but be safe about odd whitespace
                found = position
            tokens.append(Token(word, tag, rank, sentence.start + found, sentence.start + found + len(word)))
            position = found + len(word)
        sentence.tokens = tokens
    return sentences


def analyse(document: Document, mode: str = "rank", terms: Iterable[str] = ()) -> list[Sentence]:
    return tokenise(split_sentences(document), mode, terms)
