"""What an English sentence looks like to a definition detector beyond its words: which definition cues
it holds (is a … that, called, known as, refers to, colon and parenthesis glosses, "X, or Y,"), how
long it is, where its verb falls, and how rare its words are in general English (wordfreq).

Three uses in the English definition model (textmodel.LinearTextModel): `cue_words` is one more view for
the TF-IDF part, `tag_sequence` (part-of-speech tags from textblob's bundled tagger) is the text of a
second TF-IDF model, and `sentence_features` feeds the small second-stage logistic regression that
weighs the TF-IDF scores against these cues. Definitions share these cues across subjects far more than their
vocabulary, which differs from one textbook to the next.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

_CUE_PATTERNS = [
    ("isa_that", r"\b(?:is|are|was|were)\s+(?:an?|the)\s+[^,.;:]{0,80}?\b(?:that|which|who|whose|where|in which|by which)\b"),
    ("isa", r"\b(?:is|are)\s+(?:an?|the)\b"),
    ("called", r"\b(?:is|are|was|were|be|been|being)\s+(?:also\s+|often\s+|sometimes\s+|commonly\s+)?"
               r"(?:called|termed|named|labell?ed|dubbed)\b"),
    ("called_any", r"\b(?:called|termed|dubbed)\b"),
    ("known_as", r"\b(?:known|referred to|described|defined|identified|classified|characterized|regarded)\s+as\b"),
    ("refers_to", r"\brefers?\s+to\b"),
    ("defined", r"\bdefin(?:e|es|ed|ition|itions)\b"),
    ("means", r"\b(?:means|meaning)\b"),
    ("describes", r"\b(?:describes?|denotes?|represents?|consists? of|involves?)\b"),
    ("colon_mid", r"\w\s*:\s*(?:the|a|an)?\s*\w"),
    ("colon_end", r":\s*$"),
    ("paren_gloss", r"\((?![^)]*\d{4})(?!\[?link)[^()]{3,80}\)"),
    ("paren_cite", r"\([^()]*\d{4}[a-z]?\)"),
    ("link", r"\[link\]"),
    ("or_gloss", r"\b\w+,\s+or\s+[\w\- ]{2,40},"),
    ("appositive", r",\s+(?:an?|the)\s+[\w\- ]{2,40}?\s+(?:that|which|who|whose|in which)\b"),
    ("such_as", r"\b(?:such as|for example|for instance|e\.g\.|include|includes)\b"),
    ("quote", r"[\"“][^\"”]{2,40}[\"”]"),
    ("this_is", r"^(?:This|These|That|Those|It|They|Such)\b"),
    ("process_of", r"\b(?:the\s+)?(?:process|study|ability|tendency|practice|belief|idea|theory|state|condition|set|group|"
                   r"type|form|kind|branch|field|measure|amount|number|rate|principle|system)\s+(?:of|in|by|that|which|whereby)\b"),
    ("year", r"\b1[5-9]\d\d\b|\b20\d\d\b"),
    ("digits", r"\d"),
    ("opener", r"^(?:He|She|We|You|I|In|At|On|By|After|Before|During|When|If|As)\b"),
    ("np_is", r"^(?:An?\s+|The\s+)?[A-Za-z][\w\-]*(?:\s+[a-z][\w\-]*){0,3}\s+(?:is|are)\s"),
    ("np_is_capitalised", r"^(?:An?\s+|The\s+)?[A-Z][\w\-]*(?:\s+[A-Z][\w\-]*){0,3}\s+(?:is|are)\s"),
    ("semicolon", r";"),
    ("question", r"\?\s*$"),
    ("first_person", r"\b(?:we|our|you|your|I)\b"),
    ("past", r"\b(?:was|were|had)\b"),
]
CUES = [(name, re.compile(pattern)) for name, pattern in _CUE_PATTERNS]
_VERB = re.compile(r"\b(?:is|are|refers?|means|was|were)\b")
_DEFINING_VERB = re.compile(r"\b(?:is|are|was|were|refers?|means|called|termed|known)\b")
_WORD = re.compile(r"[A-Za-z][A-Za-z\-']*")
_FUNCTION_WORDS = frozenset("a an the of and or to in on for by with as at from that which who is are was were be been "
                            "this these it its their his her".split())


def cue_words(text: str) -> str:
    """The cues a sentence holds, its length (in 8-word steps) and its verb's position, as words."""
    words = [name for name, regex in CUES if regex.search(text)]
    words.append(f"len{min(len(text.split()) // 8, 6)}")
    verb = _VERB.search(text)
    words.append(f"verbpos{min(len(text[:verb.start()].split()), 8) if verb else 9}")
    return " ".join(words)


def sentence_features(text: str) -> list[float]:
    """Numbers for the second stage: length, commas, the subject before the defining verb (its length
    and its rarest word), the rarity of the sentence's words, capitals, digits, brackets, and the cues."""
    import wordfreq

    words = _WORD.findall(text)
    content = [wordfreq.zipf_frequency(w.lower(), "en") for w in words if w.lower() not in _FUNCTION_WORDS] or [7.0]
    verb = _DEFINING_VERB.search(text)
    before = _WORD.findall(text[:verb.start()]) if verb else words
    subject = [wordfreq.zipf_frequency(w.lower(), "en") for w in before if w.lower() not in _FUNCTION_WORDS] or [7.0]
    capitals = sum(1 for i, w in enumerate(words) if i and w[0].isupper())
    features = [len(words), text.count(","), len(before) if verb else 40, min(content), sum(content) / len(content),
                sum(z < 3 for z in content), sum(z < 4 for z in content), min(subject), len(subject) if verb else 40,
                capitals / max(len(words), 1), sum(ch.isdigit() for ch in text), text.count("(")]
    return [float(x) for x in features] + [1.0 if regex.search(text) else 0.0 for _, regex in CUES]


@lru_cache(maxsize=1)
def _pattern_parser():
    """textblob's English part-of-speech tagger (pattern's lexicon + Brill rules, in the files its
    wheel bundles; MIT), loaded from textblob/_text.py alone: importing the textblob package
    imports nltk, seconds spent for nothing used here. Same tags as textblob.en.taggers.PatternTagger."""
    import importlib.util

    spec = importlib.util.find_spec("textblob")  # finds the package without running its __init__
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("textblob is not installed (pip install textblob)")
    folder = Path(list(spec.submodule_search_locations)[0])
    module_spec = importlib.util.spec_from_file_location("toolkit_textblob_text", folder / "_text.py")
    text = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(text)
    english = folder / "en"
    lexicon = text.Lexicon(path=str(english / "en-lexicon.txt"), morphology=str(english / "en-morphology.txt"),
                           context=str(english / "en-context.txt"), entities=str(english / "en-entities.txt"),
                           language="en")
    return text.Parser(lexicon=lexicon, default=("NN", "NNP", "CD"), language="en")


def pos_tags(text: str) -> list[tuple[str, str]]:
    """(token, Penn Treebank tag) for each token of an English sentence."""
    parsed = _pattern_parser().parse(text, tokenize=True, tags=True, chunks=False, relations=False, lemmata=False)
    return [(token[0], token[1]) for sentence in parsed.split() for token in sentence]


def tag_sequence(text: str) -> str:
    """The sentence as its part-of-speech tags (punctuation as itself): its grammatical shape, e.g.
    "^ DT NN VBZ DT JJ NN IN MD VB VBN IN JJ NN . $" for "A hypothesis is a tentative explanation that can be tested by …"."""
    return "^ " + " ".join(tag if word[0].isalpha() else word for word, tag in pos_tags(text)) + " $"
