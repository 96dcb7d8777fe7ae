"""Small linear models shipped as JSON in toolkit/mining/models/, applied without scikit-learn.

A model is trained with scikit-learn (toolkit/mining/training.py, `nox -s train`) and saved as its
TF-IDF vocabularies, idf weights and logistic-regression coefficients (and, for a stacked model, the
second stage's feature means, scales and coefficients); scoring here repeats what scikit-learn's
TfidfVectorizer (sublinear tf, l2 norm per vectoriser), StandardScaler and LogisticRegression do, so
the product needs neither scikit-learn nor pickles, and the file is plain, diffable and reproducible.
"""
from __future__ import annotations

import json
import math
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

MODELS = Path(__file__).resolve().parent / "models"
WORD = re.compile(r"(?u)\b\w\w+\b")

# The English definition classifier also reads a sentence's "skeleton": function words and cue
# words as they are, other words only as their shape and suffix. Definitions share their structure
# across subjects far more than their vocabulary.
_STOP = frozenset("""
a about above after again against all also although am among an and another any are as at be because been before
being below between both but by can could did do does doing down during each either else even ever every few for
from further had has have having he her here hers herself him himself his how however i if in into is it its itself
just least less many may me might more most much must my myself neither no nor not now of off often on once one only
or other others our ours ourselves out over own per rather same she should since so some such than that the their
theirs them themselves then there these they this those though through thus to too under until up upon us very was
we were what when where whether which while who whom whose why will with within without would yet you your
""".split())
_CUES = frozenset("""
called known defined define defines refers refer referred means mean term termed describes described describe
definition consists involves type kind form process study ability set example include includes includes
""".split())
_SUFFIXES = ("tion", "sion", "ism", "ity", "ness", "ment", "ence", "ance", "ing", "ed", "ly", "al", "ive", "ous", "ic",
             "er", "or", "s")


def skeleton(text: str) -> str:
    out = []
    for index, word in enumerate(re.findall(r"[A-Za-z]+|[^\sA-Za-z]", text)):
        lower = word.lower()
        if lower in _STOP or lower in _CUES or not word[0].isalpha():
            out.append(lower)
            continue
        suffix = next((s for s in _SUFFIXES if lower.endswith(s) and len(lower) > len(s) + 2), "")
        out.append(("C" if word[0].isupper() and index > 0 else "w") + suffix)
    return "^ " + " ".join(out) + " $"


def rarity_skeleton(text: str) -> str:
    """The skeleton with other words as how common they are in general English (wordfreq's list):
    a definition names a rare word and explains it in common ones."""
    import wordfreq

    out = []
    for index, word in enumerate(re.findall(r"[A-Za-z]+|[^\sA-Za-z]", text)):
        lower = word.lower()
        if lower in _STOP or lower in _CUES or not word[0].isalpha():
            out.append(lower)
            continue
        zipf = wordfreq.zipf_frequency(lower, "en")
        out.append(("C" if word[0].isupper() and index > 0 else "w") + ("r" if zipf < 3 else "m" if zipf < 4.5 else "f"))
    return "^ " + " ".join(out) + " $"


def _cue_words(text: str) -> str:
    from toolkit.mining.english_cues import cue_words

    return cue_words(text)


def _tag_sequence(text: str) -> str:
    from toolkit.mining.english_cues import tag_sequence

    return tag_sequence(text)


TRANSFORMS = {"none": lambda text: text, "skeleton": skeleton, "rarity": rarity_skeleton, "cues": _cue_words,
              "tags": _tag_sequence}


def _tokens(text: str, spec: dict) -> list[str]:
    text = TRANSFORMS[spec["transform"]](text)
    if spec["lowercase"]:
        text = text.lower()
    words = text.split() if spec["tokens"] == "space" else WORD.findall(text)
    low, high = spec["ngram"]
    grams = []
    for n in range(low, high + 1):
        grams.extend(" ".join(words[i:i + n]) for i in range(len(words) - n + 1))
    return grams


def _sigmoid(total: float) -> float:
    return 1 / (1 + math.exp(-total)) if total >= 0 else math.exp(total) / (1 + math.exp(total))


def _logit(probability: float) -> float:
    probability = min(max(probability, 1e-6), 1 - 1e-6)
    return math.log(probability / (1 - probability))


def _linear_probability(stage: dict, text: str) -> float:
    """One TF-IDF + logistic regression: `stage` holds its vectorisers, coef and intercept."""
    total, offset = stage["intercept"], 0
    coef = stage["coef"]
    for spec in stage["vectorisers"]:
        vocabulary, idf = spec["vocabulary"], spec["idf"]
        counts = Counter(g for g in _tokens(text, spec) if g in vocabulary)
        weights = {vocabulary[g]: (1 + math.log(c)) * idf[vocabulary[g]] for g, c in counts.items()}
        norm = math.sqrt(sum(w * w for w in weights.values())) or 1.0
        total += sum(coef[offset + i] * w / norm for i, w in weights.items())
        offset += len(idf)
    return _sigmoid(total)


class LinearTextModel:
    """TF-IDF + logistic regression; optionally a second stage ("stack"): a logistic regression over
    the first stage's log-odds, those of any further first stages ("more_stages", each its own
    TF-IDF + logistic regression, e.g. over part-of-speech tags) and the sentence's cue features
    (english_cues.sentence_features), standardised by the training means and scales."""

    def __init__(self, data: dict) -> None:
        self.data = data
        self.vectorisers = data["vectorisers"]
        self.coef = data["coef"]
        self.intercept = data["intercept"]
        self.threshold = data.get("threshold", 0.5)
        self.stack = data.get("stack")
        self.more_stages = data.get("more_stages", [])

    def probability(self, text: str) -> float:
        first = self.text_probability(text)
        if self.stack is None:
            return first
        from toolkit.mining.english_cues import sentence_features

        stack = self.stack
        values = ([_logit(first)] + [_logit(_linear_probability(stage, text)) for stage in self.more_stages]
                  + sentence_features(text))
        total = stack["intercept"] + sum(c * (v - m) / s for c, v, m, s in zip(stack["coef"], values, stack["mean"], stack["scale"]))
        return _sigmoid(total)

    def text_probability(self, text: str) -> float:
        """The first stage alone."""
        return _linear_probability(self.data, text)


@lru_cache(maxsize=None)
def load(name: str) -> LinearTextModel | None:
    """The shipped model `name` (models/<name>.json), or None when it has not been trained."""
    path = MODELS / f"{name}.json"
    if not path.exists():
        return None
    return LinearTextModel(json.loads(path.read_text(encoding="utf-8")))
