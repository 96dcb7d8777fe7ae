"""Training of the shipped mining models (`nox -s train`, or `python -m toolkit.mining.training`).

Needs scikit-learn (a dev dependency) and the public data in ../shared (corpora.py says where and
how it is split). Training is deterministic: the same data give the same JSON byte for byte.

* models/definitions_en.json: English definition sentences, TF-IDF (words, the sentence skeletons of
  textmodel, the cue words of english_cues) + logistic regression, and another over the sentence's
  part-of-speech tags, then a second-stage logistic regression over their out-of-fold log-odds and the
  sentence's cue features, trained on the DEFT files. DEFT is
  CC BY-NC-SA 4.0 (adobe-research/deft_corpus), so this model file is too: see models/README.md.
* models/keyphrases_zh.json: the knowledge-point ranker (points.py), logistic regression over
  candidate features and the training abstracts' keyphraseness counts (shipped in the model), trained
  on the CSL training file only (never on csl_kg_test.tsv).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from toolkit.mining import corpora
from toolkit.mining.normalise import comparison_key
from toolkit.mining.textmodel import MODELS, _tokens

SEED = 15
ENGLISH_VECTORISERS = [
    {"transform": "none", "lowercase": True, "tokens": "word", "ngram": [1, 2], "min_df": 2},
    {"transform": "skeleton", "lowercase": False, "tokens": "space", "ngram": [1, 5], "min_df": 3},
    {"transform": "rarity", "lowercase": False, "tokens": "space", "ngram": [1, 5], "min_df": 3},
    {"transform": "cues", "lowercase": False, "tokens": "space", "ngram": [1, 1], "min_df": 1},
]
# By the 7-fold grouped cross-validation (F1 with the patterns, threshold 0.5): C 1.0 -> 0.600, 0.3 -> 0.604,
# with the rarity skeleton 0.611, with the cue words 0.615; the second stage (below) 0.626.
# With the stacked model, C chosen inside each outer fold's training files (the second stage's inner
# grouped folds, by ROC AUC of the out-of-fold scores, from 0.1 0.3 1 3 10, each first stage alone) was
# 1.0 for both first stages in all 7 folds, so it is fixed here: with the patterns 0.643 (P 0.579 R 0.722)
# -> 0.646 (P 0.584 R 0.722), the classifier alone 0.644 -> 0.648, ROC AUC 0.778 -> 0.782; better on 11 of 14
# files, file bootstrap P(no gain) 0.19. Not near the 0.65 aimed at, and none of these got there either
# (classifier alone, C 0.3, against 0.644): each view its own first stage 0.648 (AUC 0.773; with C
# chosen per view 0.643), textblob's chunk tags as a third stage 0.645 (lexicalised 0.642), character
# 2-5-grams as a third stage 0.644, chunk-shape features (subject NP + copula + NP, first VP's position,
# apposition, NP before a parenthesis, relative after NP) in the second stage 0.631, stages for DEFT's
# other tags as auxiliary targets (any term or definition tag 0.642, a term 0.643), words kept only
# when in 3 or more training files 0.645.
# Token-level supervision (per-token LR over DEFT's Term/Definition tags, nested out of fold; per sentence max/mean/share of each and term-before-definition in the second stage), against 0.646 with the patterns at C 1.0: 0.638 (ROC AUC 0.782 -> 0.791; best of 6 settings 0.647, file bootstrap P(no gain) 0.50).
# A pretrained sentence embedding (all-MiniLM-L6-v2, mean-pooled, 384-d; numpy forward pass checked against torch)
# as a third first stage, C chosen by inner grouped folds (1.0 in all 7): with the patterns 0.646 -> 0.652, the
# classifier alone 0.648 -> 0.655, ROC AUC 0.782 -> 0.799; better on 7 of 14 files, file bootstrap P(no gain) 0.27.
# Not shipped: not a clear gain, an 83 MB model, and about 7,300 chars/s on two cores (0.12x LAC, below the 0.5x aimed at).
# Static vectors distilled from it (2026-12-02; each WordPiece token alone through the model, mean-pooled, so a sentence
# is a lookup and an average: fast and a few MB), as that third first stage: with the patterns 0.643-0.647 over 4
# settings (centred or PCA 64/128, plain or SIF weights from wordfreq, C 0.1-1.0), ROC AUC 0.784-0.786: no gain, not kept.
# The same model fine-tuned (2026-12-06; torch 2.13 CPU, mean-pooled linear head, AdamW 5e-5, 3 epochs, batch 16, 10%
# warm-up, class-balanced loss, all fixed before measuring), exported to int8 ONNX for onnxruntime. Whole, one fold (the
# first of these 7) gave F1 0.718 against the linear model's 0.669 there, but it runs at about 11,000 chars/s on two cores
# (0.2x LAC's English segmentation; ONNX Runtime's attention fusion did not speed it up). Cut to its first two layers for
# speed (32,000 chars/s), all 7 folds: alone 0.613 (P 0.593 R 0.634; first fold 0.676), and asked only where the linear
# model is unsure (0.25-0.75, 59% of sentences) with the two probabilities averaged, 0.645 with the patterns against
# 0.646: no gain, not kept. A model good enough to gain is too slow for the 0.5x LAC aimed at, even asked about only the
# unsure sentences (a band narrow enough for the speed, about a fifth of the sentences, leaves it little to change).
ENGLISH_C = 1.0
# A second first stage over the sentence's part-of-speech tags alone (english_cues.tag_sequence), with
# the skeleton's settings: its log-odds go to the second stage beside the first's (0.626 -> 0.643;
# the same tag n-grams as a fifth view of the first stage got 0.633; not better: tags with function words,
# coarse tags, tags with word rarity, textblob's phrase chunks, 25 tag-count features in the second stage,
# naive-Bayes stages, gradient-boosted trees or a threshold chosen by inner folds as the second stage).
# Context does not pay either (same CV, neighbours' scores out of fold like the sentence's own, 0.643 before):
# the previous and next sentences' first-stage log-odds 0.636, with the subject noun's mention in them 0.641,
# the word-level log-odds alone 0.641, with the subject's first mention in the file and the share of new
# words 0.639, those without the neighbours' log-odds 0.640, the neighbours' openers (For example, This…),
# closing colon and subject mention 0.646, a third first stage over the neighbours' skeletons, cue words
# and tags 0.646 (with their words 0.645; alone its ROC AUC is 0.58; those two with the neighbours' log-odds
# 0.640 and 0.635: 10 variants in all); none of the +0.003s beats the
# file bootstrap (P(no gain) 0.2-0.3). Even the neighbours' true labels give only 0.644: in DEFT a
# sentence's neighbours say little about it beyond what the sentence says itself.
ENGLISH_TAG_VECTORISERS = [{"transform": "tags", "lowercase": False, "tokens": "space", "ngram": [1, 5], "min_df": 3}]
ENGLISH_STAGES = (ENGLISH_VECTORISERS, ENGLISH_TAG_VECTORISERS)
# The second stage: logistic regression over the first stages' out-of-fold log-odds (grouped folds
# inside the training files) and english_cues.sentence_features, standardised. Fixed before measuring
# (sklearn's default C); gradient-boosted trees over the same inputs measured about the same (0.62-0.63).
ENGLISH_STACK_C = 1.0


def _english_pipeline(specs: list[dict]):
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline, make_union

    # Each sentence arrives as its token lists, one per vectoriser (tokenised once: _english_tokens).
    vectorisers = [TfidfVectorizer(analyzer=lambda tokens, index=index: tokens[index], min_df=spec["min_df"],
                                   sublinear_tf=True) for index, spec in enumerate(specs)]
    return make_pipeline(make_union(*vectorisers),
                         LogisticRegression(C=ENGLISH_C, class_weight="balanced", max_iter=5000, random_state=SEED))


def _english_tokens(texts: list[str]) -> list[list[tuple]]:
    """For each first stage, each sentence's token lists (one per vectoriser)."""
    return [[tuple(_tokens(text, spec) for spec in specs) for text in texts] for specs in ENGLISH_STAGES]


def _stack_features(texts: list[str], probabilities: list) -> list[list[float]]:
    """probabilities: one sequence per first stage."""
    from toolkit.mining.english_cues import sentence_features
    from toolkit.mining.textmodel import _logit

    return [[_logit(float(stage[i])) for stage in probabilities] + sentence_features(text) for i, text in enumerate(texts)]


def _fit_english(texts: list[str], tokens: list[list[tuple]], labels, groups, inner_folds: int):
    """(first stages, scaler, second stage): the first stages on all the given sentences; the second on
    the first stages' out-of-fold probabilities, so it learns how far to trust them on unseen files."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GroupKFold
    from sklearn.preprocessing import StandardScaler

    labels = np.asarray(labels)
    inner = np.zeros((len(ENGLISH_STAGES), len(texts)))
    for train, test in GroupKFold(inner_folds).split(texts, labels, groups):
        for stage, (specs, stage_tokens) in enumerate(zip(ENGLISH_STAGES, tokens)):
            model = _english_pipeline(specs).fit([stage_tokens[i] for i in train], labels[train])
            inner[stage, test] = model.predict_proba([stage_tokens[i] for i in test])[:, 1]
    firsts = [_english_pipeline(specs).fit(stage_tokens, labels) for specs, stage_tokens in zip(ENGLISH_STAGES, tokens)]
    features = _stack_features(texts, inner)
    scaler = StandardScaler().fit(features)
    second = LogisticRegression(C=ENGLISH_STACK_C, class_weight="balanced", max_iter=5000, random_state=SEED)
    return firsts, scaler, second.fit(scaler.transform(features), labels)


def deft_cross_validated(sentences: list[corpora.DeftSentence]) -> list[float]:
    """Out-of-fold probabilities: 7 folds grouped by file, so no sentence is scored by a model that
    saw its file (the second stage's inner folds are drawn from the training files alone)."""
    import numpy as np
    from sklearn.model_selection import GroupKFold

    texts = [s.text for s in sentences]
    labels = np.asarray([s.definition for s in sentences])
    groups = np.asarray([s.file for s in sentences])
    tokens = _english_tokens(texts)
    probabilities = np.zeros(len(texts))
    for train, test in GroupKFold(7).split(texts, labels, groups):
        firsts, scaler, second = _fit_english([texts[i] for i in train], [[t[i] for i in train] for t in tokens],
                                              labels[train], groups[train], inner_folds=6)
        test_texts = [texts[i] for i in test]
        first_probabilities = [first.predict_proba([t[i] for i in test])[:, 1] for first, t in zip(firsts, tokens)]
        probabilities[test] = second.predict_proba(scaler.transform(_stack_features(test_texts, first_probabilities)))[:, 1]
    return [float(p) for p in probabilities]


def _export_linear(pipeline, specs: list[dict], extra: dict) -> dict:
    union, classifier = pipeline.steps[0][1], pipeline.steps[-1][1]
    vectorisers = []
    for spec, (_, vectoriser) in zip(specs, union.transformer_list):
        vocabulary = {term: int(index) for term, index in sorted(vectoriser.vocabulary_.items())}
        vectorisers.append({**{k: v for k, v in spec.items() if k != "min_df"}, "vocabulary": vocabulary,
                            "idf": [round(float(x), 6) for x in vectoriser.idf_]})
    return {**extra, "vectorisers": vectorisers, "coef": [round(float(x), 6) for x in classifier.coef_[0]],
            "intercept": round(float(classifier.intercept_[0]), 6)}


def train_english(out: Path = MODELS) -> Path | None:
    sentences = corpora.deft_sentences()
    if not sentences:
        print("skipped definitions_en: ../shared/corpus/deft is absent", file=sys.stderr)
        return None
    texts = [s.text for s in sentences]
    (first, *more), scaler, second = _fit_english(texts, _english_tokens(texts), [s.definition for s in sentences],
                                                  [s.file for s in sentences], inner_folds=7)
    model = _export_linear(first, ENGLISH_VECTORISERS, {
        "name": "definitions_en", "threshold": 0.5,
        "trained_on": f"DEFT train subset in ../shared/corpus/deft ({len(sentences)} sentences)",
        "licence": "CC BY-NC-SA 4.0, derived from adobe-research/deft_corpus (non-commercial, share-alike)"})
    model["more_stages"] = [_export_linear(stage, specs, {}) for stage, specs in zip(more, ENGLISH_STAGES[1:])]
    model["stack"] = {"mean": [round(float(x), 6) for x in scaler.mean_],
                      "scale": [round(float(x), 6) for x in scaler.scale_],
                      "coef": [round(float(x), 6) for x in second.coef_[0]],
                      "intercept": round(float(second.intercept_[0]), 6)}
    return _write(out / "definitions_en.json", model)


# Chosen by 5-fold cross-validation inside the training file (keyphrase_cross_validation): the
# held-out file is never read here.
KEYPHRASE_CS = (0.01, 0.02, 0.03, 0.1)
# By that CV (F1@10, 500 abstracts): 0.277 before the prior features; KEA's keyphraseness, keyword share,
# corpus spread and head-word spread 0.284 (C 0.03; file bootstrap over abstracts P(no gain) 0.005), with
# the prior kept out of the degree-2 products 0.282 (P(no gain) 0.012): shipped, since through rare products
# a CSL keyword (快速检测) outranked a course text's own subject (电压暂降) tenfold.
# Tried and not kept (same CV; "prior" = with those features, about 0.284-0.286 in that harness):
# keyword-like scores cut by 0.3-0.7 when nested in or holding a chosen term (MMR-style) 0.261-0.276 (0.277 without);
# gradient-boosted trees (HistGradientBoosting, 15 leaves) 0.275, with the prior 0.282; a second stage on each
# abstract's top 20 or 40 0.280-0.283; pairwise (RankSVM-style) logistic regression 0.275-0.282;
# head-word keyphraseness 0.277 alone, 0.281 with the prior; followed by a parenthesis 0.277; within-abstract
# ranks of frequency, spread, position and title 0.277; share of occurrences bounded by punctuation or
# function words, and bounded in the title 0.281-0.284; title character and word overlap 0.285;
# TextRank scores of the words 0.281; LAC's word importance (mode rank: the candidate's mean, min, max and last
# word's rank) 0.2841 (C 0.01; the mean alone 0.2833) against 0.2822 in the same harness, for a second LAC pass.
# Against the shipped 0.282: pieces cut from 3-character words too (recall
# of the candidates 0.707 -> 0.711) 0.281; class-balanced weights 0.277-0.281. Candidate recall is 0.707 of the gold keywords; 15% of them never
# occur in the abstract and another 5% only across LAC's word boundaries.
# Against 0.2822 in the same harness (2026-12-02, both as an extra column beside the degree-2 features,
# out of fold inside each training fold): the candidate's lexical context (LAC words and tags just before and
# after each occurrence, its first and head word) through a sparse logistic regression, its log-odds 0.285-0.286
# (C 0.03-1.0; 11-15 more keywords of 2,557); a CRF over LAC words (BIO tags of the keywords, words, tags and
# their neighbours, Zipf band), the span's best and summed marginals, 0.284 (6 more). Neither shipped. A long noun's
# stem without its derivational last character (主成分分析 of 主成分分析法, 5+ characters) as a candidate 0.2825.
# Positional locatives and chapter labels left out of the candidates (线性表中, 表中, 第二章: junk in course
# texts' lists, points._good): 0.282 -> 0.281 (one keyword, 江西南部, kept by sparing compass words).
# A term's English name beside it (二分图（bipartite graph）, points.english_glosses) no candidate of its own: 0.2822 -> 0.2820
# at C 0.03; C 0.02 added to the grid then (2026-12-03): 0.2838, chosen (0.01 and 0.03 0.2820).
# LAC's Chinese particles (呢, 了), negated spans, the light verbs of regarding, direction, tasks and learning, counted trees,
# connectives, translators' notes and index formulas out of the candidates (2026-12-06; 32,098 -> 32,057 candidates, no
# keyword among those left): 0.2838 -> 0.2822 at C 0.02, 0.2830 at C 0.03, chosen. Kept for the course texts they clean
# (OI-wiki tuning points 59 -> 60 of 100), not for CSL.
KEYPHRASE_FOLDS = 5
# LAC gives slightly different words for a few sentences from one run to the next (5 of the 500
# training abstracts differed between two runs), so training reads LAC's output for the training
# file from this committed cache, keyed by sentence; sentences it lacks are segmented and added.
LAC_CACHE = MODELS / "training-cache" / "csl_train_lac.json.gz"


def _analysed(documents: list, cache_path: Path = LAC_CACHE) -> list[list]:
    import gzip

    from toolkit.mining import lac_shim
    from toolkit.mining.analysis import place, split_sentences

    cache = json.loads(gzip.decompress(cache_path.read_bytes())) if cache_path.exists() else {}
    per_document = [split_sentences(document) for document in documents]
    missing = sorted({s.text for sentences in per_document for s in sentences if s.text not in cache})
    if missing:
        for text, (words, tags) in zip(missing, lac_shim.run(missing, "lac")):
            cache[text] = [list(words), list(tags)]
        needed = {s.text for sentences in per_document for s in sentences}
        cache = {text: output for text, output in cache.items() if text in needed}
        cache_path.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps(cache, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")
        cache_path.write_bytes(gzip.compress(data, mtime=0))
    return [place(sentences, [cache[s.text] for s in sentences], "lac") for sentences in per_document]


def keyphrase_documents() -> list:
    """The CSL training file as points.LabelledDocument (candidates, features, labels)."""
    from toolkit.mining import points

    rows = corpora.csl_rows(corpora.CSL_TRAIN)
    documents = [points.csl_document(text) for text, _ in rows]
    return [points.labelled_document(sentences, document, gold)
            for sentences, document, (_, gold) in zip(_analysed(documents), documents, rows)]


def _kept_products() -> list[int]:
    """Columns of the degree-2 expansion (points.pairwise) the ranker uses: every product of two base
    features, but the prior features (points.PRIOR_FEATURES) only alone, so that a course text's
    strings the training abstracts had as keywords gain by a steady amount, never through a rare
    product learnt on a few abstracts."""
    from toolkit.mining import points

    n, prior = len(points.FEATURES), len(points.PRIOR_FEATURES)
    kept = list(range(1 + n))
    column = 1 + n
    for i in range(n):
        for j in range(i, n):
            if j < n - prior:
                kept.append(column)
            column += 1
    return kept


def _keyphrase_pipeline(C: float):
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import FunctionTransformer, PolynomialFeatures, StandardScaler

    kept = _kept_products()
    return make_pipeline(PolynomialFeatures(2), FunctionTransformer(lambda X: X[:, kept]), StandardScaler(),
                         LogisticRegression(C=C, max_iter=5000, random_state=SEED))


def _own_counts(document) -> tuple[dict, dict, dict]:
    """One training abstract's contribution to the Prior counts."""
    from collections import Counter

    from toolkit.mining import points

    seen = {comparison_key(t) for t in document.terms} | document.gold  # a keyword is "seen" even when not a candidate
    heads = Counter(document.stats[t].tokens[-1].text for t in document.terms)
    return {g: 1 for g in document.gold}, {t: 1 for t in seen}, heads


def keyphrase_prior(documents: list, indices) -> "points.Prior":
    """KEA's keyphraseness and corpus spread counted over the given training abstracts."""
    from collections import Counter

    from toolkit.mining import points

    keyword, seen, heads = Counter(), Counter(), Counter()
    for i in indices:
        own_keyword, own_seen, own_heads = _own_counts(documents[i])
        keyword.update(own_keyword)
        seen.update(own_seen)
        heads.update(own_heads)
    return points.Prior(dict(keyword), dict(seen), dict(heads), len(indices))


def _prior_rows(document, prior, own: bool) -> list[list[float]]:
    """The document's feature rows with the prior columns filled in; `own` when the document is one
    of the prior's abstracts (its own counts are then taken out, as for an unseen text)."""
    from toolkit.mining import points

    own_keyword, own_seen, own_heads = _own_counts(document) if own else ({}, {}, {})
    rows = []
    for term, row in zip(document.terms, document.rows):
        folded, head = comparison_key(term), document.stats[term].tokens[-1].text
        counts = (own_keyword.get(folded, 0), own_seen.get(folded, 0), own_heads.get(head, 0))
        rows.append(row[:-len(points.PRIOR_FEATURES)] + prior.row(folded, head, counts))
    return rows


def keyphrase_cross_validation(documents: list, C: float, top: int = 10) -> float:
    """F1@top of the ranker over KEYPHRASE_FOLDS folds of whole abstracts of the training file; the
    prior features of each fold come from its training abstracts only."""
    from sklearn.model_selection import KFold

    from toolkit.mining import points

    tp = predicted = gold = 0
    for train, test in KFold(KEYPHRASE_FOLDS).split(documents):
        prior = keyphrase_prior(documents, train)
        X = [row for i in train for row in _prior_rows(documents[i], prior, own=True)]
        y = [label for i in train for label in documents[i].labels]
        model = _keyphrase_pipeline(C).fit(X, y)
        for i in test:
            document = documents[i]
            rows = _prior_rows(document, prior, own=False)
            scores = model.predict_proba(rows)[:, 1].tolist() if rows else []
            chosen = {comparison_key(t) for t in points.top_terms(document.terms, scores, document.stats, top)}
            tp += len(chosen & document.gold)
            predicted += len(chosen)
            gold += len(document.gold)
    precision, recall = tp / max(predicted, 1), tp / max(gold, 1)
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def train_keyphrases(out: Path = MODELS) -> Path | None:
    """Poly-2 logistic regression over points.FEATURES, on the CSL training file only; its
    regularisation chosen by cross-validation inside that file. The prior's counts ship in the model,
    cut to strings that were a keyword or a candidate in two abstracts and heads of two candidates."""
    from toolkit.mining import points

    if not corpora.CSL_TRAIN.exists():
        print("skipped keyphrases_zh: ../shared/fixtures/csl_kg_dev_part.tsv is absent", file=sys.stderr)
        return None
    documents = keyphrase_documents()
    scores = {C: keyphrase_cross_validation(documents, C) for C in KEYPHRASE_CS}
    for C, f1 in scores.items():
        print(f"keyphrases_zh: C={C} cross-validated F1@10 on the training file {f1:.3f}")
    C = max(KEYPHRASE_CS, key=lambda c: (round(scores[c], 4), -c))
    prior = keyphrase_prior(documents, range(len(documents)))
    X = [row for d in documents for row in _prior_rows(d, prior, own=True)]
    y = [label for d in documents for label in d.labels]
    pipeline = _keyphrase_pipeline(C).fit(X, y)
    _, _, scaler, classifier = (step for _, step in pipeline.steps)
    # Back to the full expansion points.pairwise builds: the left-out products weigh nothing.
    width = len(points.pairwise([0.0] * len(points.FEATURES)))
    mean, scale, coef = [0.0] * width, [1.0] * width, [0.0] * width
    for column, m, sd, w in zip(_kept_products(), scaler.mean_, scaler.scale_, classifier.coef_[0]):
        mean[column], scale[column], coef[column] = float(m), float(sd) if sd > 0 else 1.0, float(w)
    kept = sorted(set(prior.keyword) | {t for t, n in prior.seen.items() if n >= 2})
    model = {"name": "keyphrases_zh", "features": list(points.FEATURES), "C": C,
             "cross_validated_f1_at_10": round(scores[C], 3),
             "trained_on": f"CSL {corpora.CSL_TRAIN.name} ({len(documents)} abstracts, {len(X)} candidates, {sum(y)} keyphrases)",
             "licence": "Apache-2.0 (CSL, ydli-ai/CSL)",
             "mean": [round(x, 8) for x in mean], "scale": [round(x, 8) for x in scale],
             "coef": [round(x, 8) for x in coef], "intercept": round(float(classifier.intercept_[0]), 8),
             "prior": {"abstracts": prior.abstracts,
                       "terms": {t: [prior.keyword.get(t, 0), prior.seen.get(t, 0)] for t in kept},
                       "heads": {h: n for h, n in sorted(prior.heads.items()) if n >= 2}}}
    return _write(out / "keyphrases_zh.json", model)


def _write(path: Path, model: dict) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(model, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n",
                    encoding="utf-8")
    print(f"wrote {path} ({path.stat().st_size / 1e6:.2f} MB)")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Train the shipped mining models on ../shared data.")
    parser.add_argument("--out", type=Path, default=MODELS)
    parser.add_argument("models", nargs="*", default=["definitions_en", "keyphrases_zh"])
    args = parser.parse_args(argv)
    if "definitions_en" in args.models:
        train_english(args.out)
    if "keyphrases_zh" in args.models:
        train_keyphrases(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
