"""Sentences with character offsets, and LAC tokens placed back on those offsets."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable

from toolkit.mining import lac_shim
from toolkit.mining.documents import Document

_SENTENCE_END = re.compile(r"[。！？!?；;]+[”’」』）)]*|(?<=[a-z0-9\)])\.(?=\s|$)")
# LAC's models were trained on short texts; very long "sentences" (tables, lists) are cut at commas.
MAX_SENTENCE = 240
NOUNISH = frozenset({"n", "nz", "vn", "nw", "an", "ORG", "LOC", "PER", "f"})


@dataclass
class Token:
    text: str
    pos: str
    rank: int
    start: int
    end: int


@dataclass
class Sentence:
    start: int
    end: int
    text: str
    paragraph: int
    heading: bool = False
    tokens: list[Token] = field(default_factory=list)


def split_sentences(document: Document) -> list[Sentence]:
    sentences: list[Sentence] = []
    for index, paragraph in enumerate(document.paragraphs):
        text = document.text[paragraph.start:paragraph.end]
        heading = paragraph.style_level is not None or (len(text) <= 30 and not _SENTENCE_END.search(text))
        begin = 0
        for match in _SENTENCE_END.finditer(text):
            _add(sentences, text, paragraph.start, begin, match.end(), index, heading)
            begin = match.end()
        _add(sentences, text, paragraph.start, begin, len(text), index, heading)
    return sentences


def _add(sentences: list[Sentence], text: str, offset: int, begin: int, end: int, paragraph: int, heading: bool) -> None:
    while begin < end and text[begin].isspace():
        begin += 1
    while end - begin > MAX_SENTENCE:
        cut = max(text.rfind("，", begin, begin + MAX_SENTENCE), text.rfind(",", begin, begin + MAX_SENTENCE))
        cut = cut + 1 if cut > begin else begin + MAX_SENTENCE
        sentences.append(Sentence(offset + begin, offset + cut, text[begin:cut], paragraph, heading))
        begin = cut
    if end > begin:
        sentences.append(Sentence(offset + begin, offset + end, text[begin:end], paragraph, heading))


def tokenise(sentences: list[Sentence], mode: str = "rank", terms: Iterable[str] = ()) -> list[Sentence]:
    """Fill each sentence's tokens in place (one LAC run in batches) and return the sentences."""
    outputs = lac_shim.run([s.text for s in sentences], mode, terms)
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
