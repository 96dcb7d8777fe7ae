"""TextRank keyword extraction (Mihalcea and Tarau 2004, as jieba implements it for Chinese): the
baseline the knowledge-point miner is measured against, on the same LAC words."""
from __future__ import annotations

from collections import defaultdict

from toolkit.mining.analysis import Sentence

ALLOWED_POS = frozenset({"n", "nz", "vn", "v", "nw", "LOC", "ORG"})
WINDOW = 5
DAMPING = 0.85
ITERATIONS = 30


def keywords(sentences: list[Sentence], top: int = 10) -> list[str]:
    """The `top` words by PageRank over a co-occurrence graph of nouns and verbs (window 5)."""
    graph: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for sentence in sentences:
        words = [t.text for t in sentence.tokens if t.pos in ALLOWED_POS and len(t.text) >= 2]
        for i, word in enumerate(words):
            for other in words[i + 1:i + WINDOW]:
                if other != word:
                    graph[word][other] += 1
                    graph[other][word] += 1
    if not graph:
        return []
    score = {word: 1.0 for word in graph}
    out_weight = {word: sum(edges.values()) for word, edges in graph.items()}
    for _ in range(ITERATIONS):
        score = {word: (1 - DAMPING) + DAMPING * sum(weight / out_weight[other] * score[other]
                                                     for other, weight in graph[word].items())
                 for word in graph}
    return [w for w, _ in sorted(score.items(), key=lambda pair: (-pair[1], pair[0]))[:top]]
