"""English sentences tagged for the miners the way LAC tags Chinese ones.

LAC reads English as Chinese and gives runs such as "is the process by which green" or "and water"
as words, so the points miner said "and water" and "has a" for an English textbook. An English
sentence is tagged by textblob's bundled tagger (english_cues.pos_tags) instead, its Penn Treebank
tags named as LAC's (NN -> n, JJ -> a, VB -> v, …), so the same candidate rules read it: noun runs
with their modifiers, words joined by a single space.
"""
from __future__ import annotations

import re

_CJK = re.compile(r"[\u4e00-\u9fff]")
_DASH_OR_QUOTE = re.compile(r"[—–‘’“”．，。：；！？（）、]")
_GLUED_SENTENCE = re.compile(r"(?<=[a-z]{2})\.(?=[A-Z])")

# Penn Treebank tags as LAC names them (LAC's own tags: n, nz, vn, a, d, v, m, p, c, r, u, w).
PENN_AS_LAC = {
    "NN": "n", "NNS": "n", "NNP": "nz", "NNPS": "nz", "FW": "nz", "VBG": "vn",
    "JJ": "a", "JJR": "a", "JJS": "a", "RB": "d", "RBR": "d", "RBS": "d",
    "VB": "v", "VBD": "v", "VBN": "v", "VBP": "v", "VBZ": "v", "MD": "v",
    "CD": "m", "IN": "p", "TO": "p", "CC": "c", "DT": "r", "PDT": "r", "PRP": "r", "PRP$": "r", "WDT": "r",
    "WP": "r", "WP$": "r", "WRB": "r", "EX": "r", "POS": "u", "RP": "u", "UH": "e", "SYM": "w",
}


def is_english(text: str) -> bool:
    """A sentence in English: a dozen Latin letters or more and no Chinese character."""
    letters = sum(ch.isascii() and ch.isalpha() for ch in text)
    return letters >= 12 and not _CJK.search(text)


def tag(text: str) -> tuple[list[str], list[str]]:
    """(words, LAC-named tags) of an English sentence, as lac_shim.run answers in "lac" mode."""
    from toolkit.mining.english_cues import pos_tags

    words, tags = [], []
    # The tagger keeps dashes, curly apostrophes and full-width stops inside words (citrate—when,
    # individual’s, algorithm． in a Chinese page's English line): set apart,
    # every word is still found in the sentence as it stands.
    # A sentence glued to the next by a lost space (below.A, good.The, as PDF text often has) is two words.
    for word, penn in pos_tags(_GLUED_SENTENCE.sub(". ", _DASH_OR_QUOTE.sub(r" \g<0> ", text))):
        words.append(word)
        if not any(ch.isalnum() for ch in word):
            tags.append("w")  # the tagger calls a lone ’ or — a noun now and then
        elif not any(ch.isalpha() for ch in word) or word[-1] in "%°" or word[0].isdigit():
            tags.append("m")  # 100°, 5%, 3.5, 500cm3
        else:
            tags.append(PENN_AS_LAC.get(penn, "n"))
    return words, tags
