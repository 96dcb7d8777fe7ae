"""Readers of the public labelled data the miners are trained and judged on, and their fixed splits.

The data live outside the project, in ../shared/corpus and ../shared/fixtures (see SOURCES.md
there); nothing here copies them. Every reader returns [] when its files are absent, so callers
can say so and skip.

Splits, fixed so that training and tuning never see the held-out part:
* CSL keyphrases: train on fixtures/csl_kg_dev_part.tsv, report on corpus/csl/csl_kg_test.tsv
  (two files of the CSL benchmark that share no line).
* DEFT sentences: cross-validation grouped by domain (both files of a domain in the same fold), so
  no fold is tested on a domain it trained on; the shipped model is trained on all 14 files.
* OI-wiki definitions (labels in tests/data/mining/oiwiki_definitions.tsv): the 20 pages split by
  `random.Random(OIWIKI_SEED)` into 10 tuning pages and 10 held-out pages.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

from toolkit.mining.normalise import comparison_key

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus"
FIXTURES = SHARED / "fixtures"
CSL_TRAIN = FIXTURES / "csl_kg_dev_part.tsv"
CSL_HELDOUT = CORPUS / "csl" / "csl_kg_test.tsv"
DEFT = CORPUS / "deft"
OIWIKI = CORPUS / "text-zh"
OIWIKI_LABELS = ROOT / "tests" / "data" / "mining" / "oiwiki_definitions.tsv"
# A second annotator's labels of the same pages, made blind to the miner and to the first labels.
OIWIKI_SECOND_LABELS = ROOT / "tests" / "data" / "mining" / "oiwiki_definitions_second.tsv"
OIWIKI_SEED = 15
PREREQ = CORPUS / "prereq"


def csl_rows(path: Path) -> list[tuple[str, list[str]]]:
    """CSL keyword data: (abstract with its title, author keywords). Lines are tag⇥text⇥kw_kw_kw."""
    if not path.exists():
        return []
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) >= 3:
            rows.append((parts[1], [k.strip() for k in parts[2].split("_") if k.strip()]))
    return rows


@dataclass
class DeftSentence:
    file: str
    domain: str
    text: str
    definition: bool


def _deft_blocks(path: Path):
    """(sentence, [(token, tag)]) for each blank-line block of a DEFT file, cut the way its task-1
    converter does."""
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        pieces, tagged, last_end = [], [], None
        for line in block.splitlines():
            fields = [f.strip() for f in line.split("\t")]
            if len(fields) < 5 or not fields[0]:
                continue
            token, start, end, tag = fields[0], int(fields[2]), int(fields[3]), fields[4]
            if last_end is not None and start > last_end:
                pieces.append(" ")
            pieces.append(token)
            tagged.append((token, tag))
            last_end = end
        yield "".join(pieces).strip(), tagged


def _is_sentence(text: str) -> bool:
    return len(text.split()) >= 3  # a block of a bare number or a lone heading word is none


def _deft_paths(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.deft")) if folder.exists() else []


def deft_sentences(folder: Path = DEFT) -> list[DeftSentence]:
    """DEFT's annotated files, one sentence per blank-line block, positive when any token carries a
    Definition tag."""
    return [DeftSentence(path.stem, path.stem.split("_")[1], text, any(tag in ("B-Definition", "I-Definition") for _, tag in tagged))
            for path in _deft_paths(folder) for text, tagged in _deft_blocks(path) if _is_sentence(text)]


@dataclass
class DeftFile:
    name: str
    sentences: list[str]
    terms: list[str]  # the spans tagged Term (B-Term, I-Term): the terms its sentences define


def _tagged_terms(tagged: list[tuple[str, str]]) -> list[str]:
    terms, term = [], []
    for token, tag in tagged:
        if tag == "I-Term" and term:
            term.append(token)
            continue
        if term:
            terms.append(" ".join(term))
        term = [token] if tag == "B-Term" else []
    return terms + ([" ".join(term)] if term else [])


def deft_files(folder: Path = DEFT) -> list[DeftFile]:
    """Each DEFT file as a textbook excerpt (its sentences, cut as deft_sentences cuts them) with the
    terms it defines; for English knowledge points. The files alternate between tuning (even
    positions in name order) and held out (odd): deft_split."""
    files = []
    for path in _deft_paths(folder):
        blocks = list(_deft_blocks(path))
        # The terms of every block, a lone heading word's too (Isotopes): the text may use them elsewhere.
        files.append(DeftFile(path.stem, [text for text, _ in blocks if _is_sentence(text)],
                              [t for _, tagged in blocks for t in _tagged_terms(tagged)]))
    return files


def deft_split(files: list[DeftFile]) -> tuple[list[DeftFile], list[DeftFile]]:
    """(tuning, held out) for English knowledge points: alternate files in name order, fixed on 2026-12-02
    before the English points were first measured."""
    return files[0::2], files[1::2]


def oiwiki_pages() -> dict[str, str]:
    """OI-wiki Markdown pages by short name (ds_avl for oiwiki_ds_avl.md)."""
    if not OIWIKI.exists():
        return {}
    return {p.stem.removeprefix("oiwiki_"): p.read_text(encoding="utf-8") for p in sorted(OIWIKI.glob("oiwiki_*.md"))}


@dataclass
class DefinitionLabel:
    page: str
    terms: list[str]
    anchor: str


def oiwiki_labels(path: Path = OIWIKI_LABELS) -> list[DefinitionLabel]:
    labels = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            page, terms, anchor = line.split("\t")
            labels.append(DefinitionLabel(page, [t.strip() for t in terms.split("|")], anchor.strip()))
    return labels


def _label_sentence(page_text: str, anchor: str) -> int | None:
    """Which sentence of the page (split at 。．！？；! ? and line ends, bold marks dropped) holds the anchor."""
    key = comparison_key(anchor)
    for index, sentence in enumerate(re.split(r"[。．！？；!?\n]", page_text.replace("**", ""))):
        if key in comparison_key(sentence):
            return index
    return None


def oiwiki_labels_both(pages: dict[str, str] | None = None) -> list[DefinitionLabel]:
    """Both annotators' labels as one gold: a second label of a sentence the first labelled for one of
    the same terms joins that label (its terms added), any other is a label of its own."""
    pages = oiwiki_pages() if pages is None else pages
    merged = [DefinitionLabel(l.page, list(l.terms), l.anchor) for l in oiwiki_labels()]
    placed = [(_label_sentence(pages.get(l.page, ""), l.anchor), {comparison_key(t) for t in l.terms}) for l in merged]
    for label in oiwiki_labels(OIWIKI_SECOND_LABELS):
        sentence, terms = _label_sentence(pages.get(label.page, ""), label.anchor), {comparison_key(t) for t in label.terms}
        same = next((i for i, (s, t) in enumerate(placed) if merged[i].page == label.page and sentence is not None
                     and s == sentence and t & terms), None)
        if same is None:
            merged.append(label)
            placed.append((sentence, terms))
        else:
            merged[same].terms += [t for t in label.terms if comparison_key(t) not in placed[same][1]]
            placed[same][1].update(terms)
    return merged


def oiwiki_split(pages: list[str]) -> tuple[list[str], list[str]]:
    """(tuning pages, held-out pages): half each, by a fixed seed."""
    ordered = sorted(pages)
    heldout = set(random.Random(OIWIKI_SEED).sample(ordered, len(ordered) // 2))
    return [p for p in ordered if p not in heldout], [p for p in ordered if p in heldout]
