"""Quality of the five miners against labelled data (tests/data/mining), printed as precision,
recall and F1; keyphrases also against the TextRank baseline on the same data in the same run.

    python -m toolkit.mining.evaluation [--data tests/data/mining] [--csl FILE.tsv] [--json]

The course documents are kept as a small outline markup (`#` levels are the gold catalogue) and
rendered here to the file each one stands for: plain text (numbering alone), Word with heading
styles, or a PDF whose bookmarks carry the outline while the headings look like body text. So the
catalogue miner reads real .txt/.docx/.pdf files through the same reader as an upload.
"""
from __future__ import annotations

import argparse
import io
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.mining import belong, catalogue, definitions, points, relations, textrank
from toolkit.mining.analysis import Sentence, analyse
from toolkit.mining.documents import Document, read_document
from toolkit.mining.normalise import comparison_key

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "mining"
CSL_DEFAULT = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "csl_kg_dev_part.tsv"


@dataclass
class CourseDocument:
    name: str
    format: str
    keyphrases: list[str]
    belong: dict[str, str]
    headings: list[tuple[int, str]] = field(default_factory=list)
    lines: list[tuple[int | None, str]] = field(default_factory=list)  # (heading level or None, text)


def load_documents(folder: Path) -> list[CourseDocument]:
    documents = []
    for path in sorted(folder.glob("*.md")):
        header: dict[str, str] = {}
        doc = None
        for raw in path.read_text(encoding="utf-8").splitlines():
            line = raw.strip()
            if not line:
                continue
            if doc is None and re.match(r"^(format|keyphrases|belong):", line):
                key, value = line.split(":", 1)
                header[key] = value.strip()
                continue
            if doc is None:
                pairs = [p.split("=>") for p in header.get("belong", "").split(";") if "=>" in p]
                doc = CourseDocument(path.stem, header["format"], [k.strip() for k in header["keyphrases"].split(",")],
                                     {a.strip(): b.strip() for a, b in pairs})
            heading = re.match(r"^(#+)\s+(.*)$", line)
            if heading:
                level, title = len(heading.group(1)), heading.group(2).strip()
                doc.headings.append((level, title))
                doc.lines.append((level, title))
            else:
                doc.lines.append((None, line))
        if doc is not None:
            documents.append(doc)
    return documents


def render(doc: CourseDocument) -> tuple[str, bytes]:
    if doc.format == "numbering":
        return f"{doc.name}.txt", "\n".join(text for _, text in doc.lines).encode("utf-8")
    if doc.format == "styles":
        import docx

        word = docx.Document()
        for level, text in doc.lines:
            if level is None:
                word.add_paragraph(text)
            else:
                word.add_heading(text, level=level)
        buffer = io.BytesIO()
        word.save(buffer)
        return f"{doc.name}.docx", buffer.getvalue()
    return f"{doc.name}.pdf", _pdf(doc, bookmarks=doc.format == "bookmarks")


HEADING_SIZES = {1: 18.0, 2: 14.0, 3: 12.5}


def render_scan(doc: CourseDocument) -> tuple[str, bytes]:
    """The document as a scanned PDF: page images only (A4 at 200 dpi), read back by OCR."""
    from glob import glob

    from PIL import Image, ImageDraw, ImageFont

    font_file = sorted(glob("/usr/share/fonts/**/NotoSansCJK*Regular*", recursive=True))[0]
    fonts = {size: ImageFont.truetype(font_file, size) for size in (30, 34)}
    pages, image, y = [], None, 0
    for level, text in doc.lines:
        size = 30 if level is None else 34
        for start in range(0, len(text), 44):
            if image is None or y > 2200:
                image = Image.new("RGB", (1654, 2339), "white")
                pages.append(image)
                y = 150
            ImageDraw.Draw(image).text((120, y), text[start:start + 44], font=fonts[size], fill="black")
            y += size + 22
    buffer = io.BytesIO()
    pages[0].save(buffer, "PDF", resolution=200, save_all=True, append_images=pages[1:])
    return f"{doc.name}-scan.pdf", buffer.getvalue()


def _pdf(doc: CourseDocument, bookmarks: bool) -> bytes:
    """`bookmarks`: headings set in the body font, so only the outline carries the structure.
    Otherwise (format layout) no outline, and only the heading font sizes do. A page every chapter."""
    import cairocffi as cairo

    buffer = io.BytesIO()
    surface = cairo.PDFSurface(buffer, 595, 842)
    context = cairo.Context(surface)
    context.select_font_face("Noto Sans CJK SC")
    context.set_font_size(11)
    page, y = 1, 60.0
    parents: dict[int, int] = {0: cairo.PDF_OUTLINE_ROOT}
    for level, text in doc.lines:
        if level == 1 and y > 60:
            surface.show_page()
            page, y = page + 1, 60.0
        if level is not None and bookmarks:
            parents[level] = surface.add_outline(parents.get(level - 1, cairo.PDF_OUTLINE_ROOT), text,
                                                 f"page={page} pos=[50 {int(y)}]", 0)
        size = 11.0 if bookmarks or level is None else HEADING_SIZES.get(level, 12.0)
        context.set_font_size(size)
        for start in range(0, len(text), 44):
            if y > 800:
                surface.show_page()
                page, y = page + 1, 60.0
            context.move_to(50, y)
            context.show_text(text[start:start + 44])
            y += size + 5
        y += 8
    surface.show_page()
    surface.finish()
    return buffer.getvalue()


def prf(true_positive: int, predicted: int, gold: int) -> dict:
    precision = true_positive / predicted if predicted else 0.0
    recall = true_positive / gold if gold else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": round(precision, 3), "recall": round(recall, 3), "f1": round(f1, 3),
            "tp": true_positive, "predicted": predicted, "gold": gold}


def evaluate_catalogue(documents: list[CourseDocument], scanned: bool = False) -> dict:
    """`scanned`: the numbering documents as page images read by OCR instead."""
    groups: dict[str, list[int]] = {"styles_or_bookmarks": [0, 0, 0], "numbering": [0, 0, 0], "layout": [0, 0, 0]}
    per_document = {}
    for doc in documents:
        if scanned and doc.format != "numbering":
            continue
        name, data = render_scan(doc) if scanned else render(doc)
        document = read_document(name, data)
        method, items = catalogue.recognise(document)
        predicted = {(item["level"], comparison_key(item["title"])) for item in items}
        gold = {(level, comparison_key(title)) for level, title in doc.headings}
        hit = len(predicted & gold)
        group = groups[doc.format if doc.format in ("numbering", "layout") else "styles_or_bookmarks"]
        group[0] += hit
        group[1] += len(predicted)
        group[2] += len(gold)
        per_document[doc.name] = {"format": doc.format, "method": method, **prf(hit, len(predicted), len(gold))}
    return {"groups": {k: prf(*v) for k, v in groups.items()}, "documents": per_document}


def load_definitions(path: Path) -> list[tuple[int, str, str]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        label, term, sentence = line.split("\t")
        rows.append((int(label), term, sentence))
    return rows


def evaluate_definitions(rows: list[tuple[int, str, str]], threshold: float = 0.5) -> dict:
    matches = definitions.classify([sentence for _, _, sentence in rows])
    tp = predicted = gold = term_right = 0
    misses, false_alarms = [], []
    for (label, term, sentence), match in zip(rows, matches):
        said = match is not None and match.score >= threshold
        predicted += said
        gold += label
        if said and label:
            tp += 1
            term_right += comparison_key(match.term) == comparison_key(term)
        elif label:
            misses.append(sentence)
        elif said:
            false_alarms.append(sentence)
    result = prf(tp, predicted, gold)
    result["term_accuracy"] = round(term_right / tp, 3) if tp else 0.0
    result["misses"] = misses
    result["false_alarms"] = false_alarms
    return result


def _keyphrase_scores(pairs: list[tuple[list[str], list[str]]]) -> dict:
    tp = predicted = gold = 0
    for guessed, wanted in pairs:
        wanted_set = {comparison_key(w) for w in wanted if w.strip()}
        guessed_set = {comparison_key(g) for g in guessed}
        tp += len(guessed_set & wanted_set)
        predicted += len(guessed_set)
        gold += len(wanted_set)
    return prf(tp, predicted, gold)


def evaluate_keyphrases(texts_and_gold: list[tuple[Document, list[str]]], top: int = 10) -> dict:
    ours, baseline = [], []
    for document, gold in texts_and_gold:
        sentences = analyse(document, "lac")
        # As the product mines points (the text's definitions lift the terms they define).
        ours.append(([c.payload["term"] for c in points.mine(document, limit=top)], gold))
        baseline.append((textrank.keywords(sentences, top), gold))
    return {"points": _keyphrase_scores(ours), "textrank": _keyphrase_scores(baseline), "documents": len(texts_and_gold)}


def load_csl(path: Path, limit: int | None = None) -> list[tuple[Document, list[str]]]:
    """CSL keyword data: tag, abstract (with its title), keywords joined by '_'."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) < 3:
            continue
        rows.append((Document.from_text(parts[1]), [k for k in parts[2].split("_") if k.strip()]))
        if limit and len(rows) >= limit:
            break
    return rows


def load_relations(path: Path) -> list[tuple[str, list[str], set[tuple[str, str, str]]]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t") + [""] * 3
        sentence, names, gold_text = parts[0], [n for n in parts[1].split(",") if n], parts[2]
        gold = set()
        for item in filter(None, (g.strip() for g in gold_text.split(";"))):
            kind, pair = item.split(":", 1)
            start, target = pair.split(">")
            gold.add(_relation_key(kind, start.strip(), target.strip()))
        rows.append((sentence, names, gold))
    return rows


def _relation_key(kind: str, start: str, target: str) -> tuple[str, str, str]:
    if kind == "Mutual":  # undirected
        start, target = sorted((start, target))
    return kind, start, target


def evaluate_relations(rows) -> dict:
    tp = predicted = gold = 0
    for sentence, names, wanted in rows:
        found = relations.extract([Sentence(0, len(sentence), sentence, 0)], names, min_cooccurrence=10**9)
        guessed = {_relation_key(c.payload["type"], c.payload["start"], c.payload["target"]) for c in found}
        tp += len(guessed & wanted)
        predicted += len(guessed)
        gold += len(wanted)
    return prf(tp, predicted, gold)


def evaluate_belong(documents: list[CourseDocument]) -> dict:
    tp = predicted = gold = 0
    for doc in documents:
        if not doc.belong:
            continue
        name, data = render(doc)
        document = read_document(name, data)
        found = belong.mine(document, list(doc.belong))
        for candidate in found:
            predicted += 1
            tp += comparison_key(candidate.payload["nodeName"]) == comparison_key(doc.belong.get(candidate.payload["term"], ""))
        gold += len(doc.belong)
    return prf(tp, predicted, gold)


def run(data: Path = DATA, csl: Path | None = None, csl_limit: int | None = None, scanned: bool = False) -> dict:
    documents = load_documents(data / "documents")
    report = {
        "definitions": evaluate_definitions(load_definitions(data / "definitions.tsv")),
        "definitions_heldout": evaluate_definitions(load_definitions(data / "definitions_heldout.tsv")),
        "catalogue": evaluate_catalogue(documents),
        "keyphrases": evaluate_keyphrases([(read_document(*render(d)), d.keyphrases) for d in documents]),
        "relations": evaluate_relations(load_relations(data / "relations.tsv")),
        "belong": evaluate_belong(documents),
    }
    if scanned:
        report["catalogue_scanned"] = evaluate_catalogue(documents, scanned=True)
    if csl is not None and csl.exists():
        report["keyphrases_csl"] = evaluate_keyphrases(load_csl(csl, csl_limit))
    return report


def _line(name: str, scores: dict) -> str:
    return (f"{name:<34} P {scores['precision']:.3f}  R {scores['recall']:.3f}  F1 {scores['f1']:.3f}"
            f"   ({scores['tp']}/{scores['predicted']} predicted, {scores['gold']} gold)")


def print_report(report: dict, out=sys.stdout) -> None:
    print("Mining quality (tests/data/mining)", file=out)
    for key, title in (("definitions", "definitions (sentences)"), ("definitions_heldout", "definitions, held-out set")):
        print(_line(title, report[key]), f" term accuracy {report[key]['term_accuracy']:.3f}", file=out)
    for group, scores in report["catalogue"]["groups"].items():
        if scores["gold"]:
            print(_line(f"catalogue nodes, {group.replace('_', ' ')}", scores), file=out)
    if "catalogue_scanned" in report:
        print(_line("catalogue nodes, numbering, scanned (OCR)", report["catalogue_scanned"]["groups"]["numbering"]), file=out)
    for key, title in (("keyphrases", "course documents"), ("keyphrases_csl", "CSL dev, the ranker's training file")):
        if key in report:
            result = report[key]
            print(_line(f"keyphrases F1@10, {title}", result["points"]), file=out)
            print(_line(f"  TextRank baseline, {title}", result["textrank"]), file=out)
    print(_line("relations (typed pairs)", report["relations"]), file=out)
    print(_line("belong (point to section)", report["belong"]), file=out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--csl", type=Path, default=CSL_DEFAULT if CSL_DEFAULT.exists() else None,
                        help="CSL keyword file (tag, abstract, keywords joined by _) as extra keyphrase gold")
    parser.add_argument("--csl-limit", type=int, default=None)
    parser.add_argument("--scanned", action="store_true",
                        help="Also read the numbering documents as scanned PDFs through OCR (about a minute).")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--show-errors", action="store_true", help="List the definition misses and false alarms.")
    parser.add_argument("--real-only", action="store_true", help="Only the held-out real data of ../shared.")
    parser.add_argument("--own-only", action="store_true", help="Only the project's own labelled sets.")
    parser.add_argument("--catalogue-tuning", action="store_true",
                        help="Only the catalogue's tuning rows (labelled tuning files and files with their styles or "
                             "bookmarks dropped), with per-file errors; never the held-out files.")
    parser.add_argument("--definitions-tuning", action="store_true",
                        help="Only the Chinese definitions' tuning rows (OI-wiki tuning pages, course texts), with their "
                             "misses and false alarms; never the held-out pages.")
    args = parser.parse_args(argv)
    if args.definitions_tuning:
        rows = {"OI-wiki tuning pages": (real_chinese_definitions(held_out=False, errors=True) or {}).get("tuning"),
                "course texts (TUNING)": course_definitions(errors=True),
                "other course texts (TUNING)": course_definitions(True, MORE_COURSE_DEFINITION_LABELS, MORE_COURSE_DEFINITION_FILES)}
        if args.json:
            print(json.dumps(rows, ensure_ascii=False, indent=2))
            return 0
        for group, row in rows.items():
            if row is None:
                continue
            for gold, scores in row.get("by_gold", {"": row}).items():
                o, b = scores["ours"], scores["baseline"]
                print(f"{group}{', ' + gold + ' labels' if gold else ''}: ours F1 {o['f1']:.3f} (P {o['precision']:.3f} "
                      f"R {o['recall']:.3f}, {o['predicted']} said, {o['gold']} labels)   "
                      f"sentence-start regex F1 {b['f1']:.3f} (P {b['precision']:.3f} R {b['recall']:.3f})")
            if args.show_errors:
                print("  missed:", *row["errors"]["misses"], sep="\n    ")
                print("  false alarms (some are definitions the labels miss):", *row["errors"]["false_alarms"], sep="\n    ")
        return 0
    if args.catalogue_tuning:
        scores = real_catalogue(errors=True, held_out=False) or {}
        print(json.dumps(scores, ensure_ascii=False, indent=2) if args.json else "\n".join(
            f"{group}: ours F1 {c['ours']['f1']:.3f} (P {c['ours']['precision']:.3f} R {c['ours']['recall']:.3f})   "
            f"numbering regex F1 {c['baseline']['f1']:.3f} (P {c['baseline']['precision']:.3f} R {c['baseline']['recall']:.3f})"
            f"   {c['files']} files" for group, c in scores.items()))
        return 0
    real = None if args.own_only else run_real()
    if real is not None and not args.json:
        print_real(real)
        print()
    if args.real_only:
        if args.json:
            print(json.dumps(real, ensure_ascii=False, indent=2))
        return 0
    report = run(args.data, args.csl, args.csl_limit, args.scanned)
    if args.json:
        print(json.dumps({"real": real, **report}, ensure_ascii=False, indent=2))
    else:
        print_report(report)
        if args.show_errors:
            print("\nmissed definitions:", *report["definitions"]["misses"], sep="\n  ")
            print("\nfalse alarms:", *report["definitions"]["false_alarms"], sep="\n  ")
    return 0



# ---------------------------------------------------------------------------------------------
# Held-out real data written by others (../shared/corpus, ../shared/fixtures), each miner beside a
# simple baseline from the same run. Splits: toolkit/mining/corpora.py.

EN_DEFINITION_BASELINE = re.compile(
    r"\b(?:is|are|was|were) (?:defined as|called|known as|termed|referred to as)\b|\brefers? to\b|\bmeans\b"
    r"|\b(?:is|are) (?:an?|the) \w+(?: \w+)? (?:that|which|who|whose|in which)\b", re.I)
ZH_DEFINITION_BASELINE = re.compile(
    r"^(?P<term>[^，,。．：:；;\s]{1,12}?)\s*(?:[（(][^）)]{0,40}[）)])?\s*[，,]?\s*(?:是指|指的是|是一种|是一类|称为|是|指)")
NUMBERING_BASELINE = re.compile(
    r"^(?:#{1,6}\s|第\s*[一二三四五六七八九十百\d]+\s*[章节篇部讲条]|实验\s*[一二三四五六七八九十\d]+"
    r"|[一二三四五六七八九十]+\s*[、.．]|[（(][一二三四五六七八九十]+[）)]|\d+(?:\.\d+)+\s*\S|[\d０-９]+\s*[、．])")


def _strip_markup(text: str) -> str:
    return comparison_key(re.sub(r"[*`$]", "", text))


def _jieba_keywords(text: str, top: int) -> list[str]:
    import logging

    import jieba
    import jieba.analyse

    jieba.setLogLevel(logging.WARNING)
    return jieba.analyse.extract_tags(text, topK=top)


def real_keyphrases(top: int = 10) -> dict | None:
    from toolkit.mining import corpora

    rows = corpora.csl_rows(corpora.CSL_HELDOUT)
    if not rows:
        return None
    ours, baseline = [], []
    for text, gold in rows:
        document = points.csl_document(text)
        ours.append(([c.payload["term"] for c in points.mine(document, limit=top)], gold))
        baseline.append((_jieba_keywords(text, top), gold))
    return {"ours": _keyphrase_scores(ours), "baseline": _keyphrase_scores(baseline), "documents": len(rows),
            "split": "train: fixtures/csl_kg_dev_part.tsv; report: corpus/csl/csl_kg_test.tsv"}


def _frequent_words(sentences: list[str], top: int) -> list[str]:
    """The baseline for English points: the most frequent words of four letters or more that are no
    everyday English word (wordfreq Zipf under points.COMMON_ENGLISH_ZIPF)."""
    from collections import Counter

    import wordfreq

    counts = Counter(w.lower() for s in sentences for w in re.findall(r"[A-Za-z][A-Za-z\-]{3,}", s))
    return [w for w, _ in counts.most_common() if wordfreq.zipf_frequency(w, "en") < points.COMMON_ENGLISH_ZIPF][:top]


def real_english_points(top: int = 10) -> dict | None:
    """English knowledge points on DEFT's textbook excerpts: each file's first `top` points against the
    terms its sentences define (DEFT's Term tags: incomplete, so precision is a floor), tuning and
    held-out files apart (corpora.deft_split), beside the most frequent rare words of the same text."""
    from toolkit.mining import corpora

    files = corpora.deft_files()
    if not files:
        return None
    result = {}
    for split, chosen in zip(("tuning", "heldout"), corpora.deft_split(files)):
        scores = {"ours": [0, 0, 0], "baseline": [0, 0, 0]}
        for file in chosen:
            gold = {comparison_key(t) for t in file.terms if len(t) > 1}
            said = {"ours": [c.payload["term"] for c in points.mine(Document.from_text("\n".join(file.sentences)), limit=top)],
                    "baseline": _frequent_words(file.sentences, top)}
            for key, terms in said.items():
                counts = scores[key]
                counts[0] += sum(comparison_key(t) in gold for t in terms)
                counts[1] += len(terms)
                counts[2] += len(gold)
        result[split] = {key: prf(*counts) for key, counts in scores.items()}
        result[split]["files"] = len(chosen)
    return result


def real_english_definitions() -> dict | None:
    """DEFT sentences: our miner (classifier out of fold, with the patterns) and an English regex."""
    from toolkit.mining import corpora

    sentences = corpora.deft_sentences()
    if not sentences:
        return None
    gold = [s.definition for s in sentences]

    def score(said: list[bool]) -> dict:
        return prf(sum(a and b for a, b in zip(said, gold)), sum(said), sum(gold))

    regex = score([bool(EN_DEFINITION_BASELINE.search(s.text)) for s in sentences])
    result = {"baseline": regex, "sentences": len(sentences)}
    try:
        from toolkit.mining import training

        probabilities = training.deft_cross_validated(sentences)
    except ImportError:  # scikit-learn is a dev dependency
        result["ours"] = score(definitions.english_flags([s.text for s in sentences]))
        result["note"] = "shipped model scored on its own training data: install the dev dependencies"
        return result
    # Out-of-fold probabilities (7 folds grouped by file) with the patterns: the miner as shipped,
    # but never scoring a sentence with a model that saw its file.
    result["ours"] = score(definitions.english_flags([s.text for s in sentences], probabilities))
    result["tfidf_lr"] = score([p >= 0.5 for p in probabilities])
    return result


def _definition_matches(predicted: list[tuple[str, str, str]], labels) -> tuple[int, int]:
    """(true predictions, gold found): a prediction (page, term, sentence) is right when its sentence
    holds a label's anchor on that page and its term is one of that label's terms."""
    found: set[int] = set()
    right = 0
    for page, term, sentence in predicted:
        text, term = _strip_markup(sentence), _strip_markup(term)
        hits = [i for i, label in enumerate(labels) if label.page == page and comparison_key(label.anchor) in text
                and term in {_strip_markup(t) for t in label.terms}]
        right += bool(hits)
        found.update(hits)
    return right, len(found)


def _definition_errors(predicted: list[tuple[str, str, str]], labels) -> dict:
    """Tuning data only: the labels nobody said (page, terms, anchor) and what was said that matches
    no label (page, term, sentence); on OI-wiki a false alarm may be a definition the labels miss."""
    missed = [label for label in labels if not _definition_matches(predicted, [label])[1]]
    false_alarms = [item for item in predicted if not _definition_matches([item], labels)[0]]
    return {"misses": [f"{l.page}\t{'|'.join(l.terms)}\t{l.anchor}" for l in missed],
            "false_alarms": [f"{page}\t{term}\t{sentence}" for page, term, sentence in false_alarms]}


def _definition_scores(predicted: list[tuple[str, str, str]], labels) -> dict:
    """Precision over what was said, recall over the labels found (a label may be said twice)."""
    right, found = _definition_matches(predicted, labels)
    scores = prf(right, len(predicted), len(labels))
    scores["recall"] = round(found / len(labels), 3) if labels else 0.0
    p, r = scores["precision"], scores["recall"]
    scores["f1"] = round(2 * p * r / (p + r), 3) if p + r else 0.0
    scores["tp"] = found
    return scores


def _read_markdown(name: str, text: str) -> Document:
    """The page as an upload would be read; before .md was accepted, as the same text in a .txt."""
    from toolkit.errors import FormatError, ValidationError

    try:
        return read_document(f"{name}.md", text.encode("utf-8"))
    except (FormatError, ValidationError):
        return read_document(f"{name}.txt", text.encode("utf-8"))


def _baseline_chinese_definitions(text: str) -> list[tuple[str, str]]:
    found = []
    for line in text.splitlines():
        line = re.sub(r"^\s*(?:[-*+]|\d+\.)\s+", "", line).replace("**", "")
        for sentence in re.split(r"(?<=[。．！？；])", line):
            match = ZH_DEFINITION_BASELINE.match(sentence.strip())
            if match:
                found.append((match.group("term"), sentence))
    return found


def real_chinese_definitions(held_out: bool = True, errors: bool = False) -> dict | None:
    """OI-wiki pages, tuning and held-out halves; `held_out=False` runs the tuning pages alone (with
    `errors`, their misses and false alarms: the held-out pages' errors are never listed)."""
    from toolkit.mining import corpora

    pages = corpora.oiwiki_pages()
    if not pages or not corpora.OIWIKI_LABELS.exists():
        return None
    golds = {"first": corpora.oiwiki_labels()}
    if corpora.OIWIKI_SECOND_LABELS.exists():
        golds["second"] = corpora.oiwiki_labels(corpora.OIWIKI_SECOND_LABELS)
        golds["both"] = corpora.oiwiki_labels_both(pages)
    result = {}
    for split, names in zip(("tuning", "heldout"), corpora.oiwiki_split(list(pages))):
        if split == "heldout" and not held_out:
            continue
        ours, baseline = [], []
        for name in names:
            document = _read_markdown(name, pages[name])
            ours += [(name, c.payload["term"], c.payload["sentence"]) for c in definitions.mine(document)]
            baseline += [(name, term, sentence) for term, sentence in _baseline_chinese_definitions(pages[name])]
        # `ours`/`baseline` against the first labels, as since issue 15 began; `by_gold` against each annotator
        # and both merged, the most complete gold.
        by_gold = {gold: {key: _definition_scores(predicted, [l for l in labels if l.page in names])
                          for key, predicted in (("ours", ours), ("baseline", baseline))} for gold, labels in golds.items()}
        result[split] = {**by_gold["first"], "by_gold": by_gold}
        if errors and split == "tuning":
            result[split]["errors"] = _definition_errors(ours, [l for l in golds.get("both", golds["first"]) if l.page in names])
    return result


COURSE_DEFINITION_LABELS = DATA / "coursenotes_definitions.tsv"
# The labelled files; the last two hold no definition and count for precision only.
COURSE_DEFINITION_FILES = ("docx/zzuli_马原_名词解释_分章节重点_definitions.docx", "docx/zzuli_数据库知识点总结_autonumber_definitions.docx",
                           "docx/cae_电气测试系统原理_复习_heading1-3.docx", "pdf/cae_自动控制原理复习总结_word_nobookmarks.pdf",
                           "docx/zzuli_计算机网络_大纲考核目标_table.docx", "pdf/csu_大物内容概要_刚体力学_summary.pdf")


# The eight other real course files, labelled on 2026-12-01 by an annotator who saw neither the miner nor the
# first file's labels (the last, 基本放大电路, has none: precision only).
MORE_COURSE_DEFINITION_LABELS = DATA / "coursenotes_definitions_more.tsv"
MORE_COURSE_DEFINITION_FILES = ("docx/libnku_军理_知识与题库_heading_styles.docx", "docx/njust_信号matlab_实验二_lab_manual.docx",
                                "docx/njust_电子线路实验_555_lab_autonumber_only.docx", "docx/zzuli_数据库重点_numbering_only.docx",
                                "pdf/libnku_药用植物学_绪论_slides_28bookmarks.pdf", "pdf/njust_数字逻辑电路_ch3_slides.pdf",
                                "pdf/njust_概率与过程_ch5_slides_cjk_fontnames.pdf", "pdf/njust_电子线路实验_基本放大电路_lab_1page.pdf")


def course_definitions(errors: bool = False, labels_path: Path = COURSE_DEFINITION_LABELS,
                       course_files: tuple[str, ...] = COURSE_DEFINITION_FILES) -> dict | None:
    """TUNING data, not held out: Chinese definitions labelled by hand in real course texts of
    ../shared/corpus other than OI-wiki (tests/data/mining/coursenotes_definitions.tsv, or the other
    files' labels: MORE_COURSE_DEFINITION_LABELS), each file read through the upload reader; the same
    sentence-start regex as the baseline."""
    from toolkit.mining import corpora

    if not labels_path.exists():
        return None
    labels = []
    for line in labels_path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            file, terms, anchor = line.split("\t")
            labels.append(corpora.DefinitionLabel(file, [t.strip() for t in terms.split("|")], anchor.strip()))
    files = [f for f in course_files if (corpora.CORPUS / f).exists()]
    if not files:
        return None
    labels = [l for l in labels if l.page in files]
    ours, baseline = [], []
    for file in files:
        path = corpora.CORPUS / file
        document = read_document(path.name, path.read_bytes())
        ours += [(file, c.payload["term"], c.payload["sentence"]) for c in definitions.mine(document)]
        text = "\n".join(document.paragraph_text(i) for i in range(len(document.paragraphs)))
        baseline += [(file, term, sentence) for term, sentence in _baseline_chinese_definitions(text)]
    result = {"files": len(files), **{key: _definition_scores(predicted, labels) for key, predicted in (("ours", ours), ("baseline", baseline))}}
    if errors:
        result["errors"] = _definition_errors(ours, labels)
    return result


def _markdown_headings(text: str) -> list[str]:
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark").parse(text)
    return [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]


def _catalogue_labels(path: Path) -> dict[str, list[str]]:
    """file ⇥ gold heading title, comments skipped (tests/data/mining/corpus_catalogues*.tsv)."""
    gold_by_file: dict[str, list[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines() if path.exists() else []:
        if line.strip() and not line.startswith("#"):
            file, title = line.split("\t")
            gold_by_file.setdefault(file, []).append(title)
    return gold_by_file


def _catalogue_key(title: str) -> str:
    return _strip_markup(title).rstrip(":：")


def _catalogue_scores(files: list[tuple[str, Document, list[str], list[str]]], errors: bool = False) -> dict:
    """Title P/R/F1 summed over files, ours beside the numbering regex run on the same lines;
    each file is (name, document, lines the baseline reads, gold titles)."""
    totals = {"ours": [0, 0, 0], "baseline": [0, 0, 0]}
    wrong = {}
    for name, document, lines, gold_titles in files:
        gold = {_catalogue_key(t) for t in gold_titles}
        _, items = catalogue.recognise(document)
        ours = {_catalogue_key(item["title"]) for item in items}
        baseline = {_catalogue_key(re.sub(r"^#+\s*", "", l.strip())) for l in lines if NUMBERING_BASELINE.match(l.strip())
                    and len(l.strip()) <= 40}
        for side, predicted in (("ours", ours), ("baseline", baseline)):
            totals[side][0] += len(predicted & gold)
            totals[side][1] += len(predicted)
            totals[side][2] += len(gold)
        if errors:
            wrong[name] = {"missed": sorted(gold - ours), "extra": sorted(ours - gold)}
    result = {side: prf(*numbers) for side, numbers in totals.items()} | {"files": len(files)}
    return result | ({"errors": wrong} if errors else {})


def _corpus_catalogue_files(labels: Path) -> list[tuple[str, Document, list[str], list[str]]]:
    from toolkit.mining import corpora

    files = []
    for file, titles in _catalogue_labels(labels).items():
        path = corpora.CORPUS / file
        if path.exists():
            document = read_document(path.name, path.read_bytes())
            files.append((file, document, [document.paragraph_text(i) for i in range(len(document.paragraphs))], titles))
    return files


# Real files whose catalogue the file itself states: Word heading styles or informative PDF bookmarks.
STRUCTURED_SUFFIXES = (".docx", ".pdf")


def stated_catalogue(document: Document) -> list[str]:
    """The heading titles the file states: its styled headings, else its bookmarks unless they only
    number the slides."""
    gold = [document.paragraph_text(i).strip() for i, p in enumerate(document.paragraphs) if p.style_level]
    marks = [m.title.strip() for m in document.bookmarks]
    if not gold and marks and sum(not catalogue._UNINFORMATIVE_BOOKMARK.match(m) for m in marks) >= len(marks) / 2:
        return marks
    return gold


_QUESTION_BANK = re.compile(r"题")
_ARABIC_ITEM = re.compile(r"^\s*\d[\d\s]*[、.．)）]")


def stated_headings_as_labelled(document: Document) -> list[str]:
    """The file's styled headings under the hand labels' convention (corpus_catalogues*.tsv): the
    Arabic-numbered items of a question bank (简答题库 → 1、国防的基本类型有哪些？) are exercises,
    not headings, though a file may style them as headings."""
    kept, open_levels = [], []  # (level, names a question bank) of the styled headings above
    for i, paragraph in enumerate(document.paragraphs):
        if not paragraph.style_level:
            continue
        title = document.paragraph_text(i).strip()
        while open_levels and open_levels[-1][0] >= paragraph.style_level:
            open_levels.pop()
        if not (_ARABIC_ITEM.match(title) and any(bank for _, bank in open_levels)):
            kept.append(title)
        open_levels.append((paragraph.style_level, bool(_QUESTION_BANK.search(title))))
    return kept


def without_stated_catalogue(document: Document) -> Document:
    """The same document as an unstyled copy reads: no heading styles, no bookmarks."""
    from dataclasses import replace

    return replace(document, bookmarks=[], paragraphs=[replace(p, style_level=None) for p in document.paragraphs])


def structure_derived_files(exclude: set[str] | None = None) -> list[tuple[str, Document, list[str], list[str]]]:
    """TUNING data that costs no hand labels: each file of ../shared/corpus/{docx,pdf} with heading
    styles or informative bookmarks, its gold the styled headings (or the bookmarks), its input the
    same Document with the styles and bookmarks dropped, which is what an unstyled copy reads as
    (styled headings under the hand labels' convention: stated_headings_as_labelled).
    Files in the held-out gold (corpus_catalogues.tsv) are left out, and so are decks whose
    bookmarks only number the slides (幻灯片编号 N: the file states no structure)."""
    from toolkit.mining import corpora

    if exclude is None:
        exclude = set(_catalogue_labels(DATA / "corpus_catalogues.tsv"))
    files = []
    for folder in ("docx", "pdf"):
        for path in sorted((corpora.CORPUS / folder).glob("*")):
            name = f"{folder}/{path.name}"
            if name in exclude or path.suffix.lower() not in STRUCTURED_SUFFIXES:
                continue
            document = read_document(path.name, path.read_bytes())
            if not stated_catalogue(document):
                continue
            gold = stated_headings_as_labelled(document) or stated_catalogue(document)
            stripped = without_stated_catalogue(document)
            files.append((name, stripped, [stripped.paragraph_text(i) for i in range(len(stripped.paragraphs))], gold))
    return files


def _markdown_lines(text: str) -> list[tuple[int | None, str]]:
    """A Markdown page as the lines a rendered copy shows: (heading level or None, text), ordered
    list items with the numbers a browser or Word prints (1. …), code and formulas left out."""
    from toolkit.mining.normalise import _inline, _unwrap_blocks, markdown_parser

    lines: list[tuple[int | None, str]] = []
    counters: list[int | None] = []  # per open list: the next item's number, None for bullets
    prefix, level = "", None
    for token in markdown_parser().parse(_unwrap_blocks(text)):
        if token.type == "heading_open":
            level = int(token.tag[1:])
        elif token.type == "heading_close":
            level = None
        elif token.type in ("ordered_list_open", "bullet_list_open"):
            counters.append(int(token.attrs.get("start", 1)) if token.type == "ordered_list_open" else None)
        elif token.type in ("ordered_list_close", "bullet_list_close"):
            counters.pop()
        elif token.type == "list_item_open" and counters and counters[-1] is not None:
            prefix, counters[-1] = f"{counters[-1]}. ", counters[-1] + 1
        elif token.type == "inline":
            block = _inline(token.children or [], level)
            if block.text.strip():
                lines.append((level, prefix + block.text.strip()))
            prefix = ""
    return lines


SLIDE_FOOTER = "课程讲义 · 2026 年秋季学期"


def _slides_pdf(doc: CourseDocument) -> bytes:
    """The document as a lecture deck: landscape pages, each heading opening a slide with its title
    on top in a larger font, the body below it (a long body runs on to a slide without a title), and
    a running footer with the slide number on every page."""
    import cairocffi as cairo

    buffer = io.BytesIO()
    surface = cairo.PDFSurface(buffer, 720, 540)
    context = cairo.Context(surface)
    context.select_font_face("Noto Sans CJK SC")
    page, y = 1, 70.0

    def footer() -> None:
        context.set_font_size(10)
        context.move_to(40, 520)
        context.show_text(SLIDE_FOOTER)
        context.move_to(660, 520)
        context.show_text(str(page))

    for level, text in doc.lines:
        if level is not None and y > 70 or y > 460:
            footer()
            surface.show_page()
            page, y = page + 1, 70.0
        size, width = (28.0, 22) if level is not None else (18.0, 34)
        context.set_font_size(size)
        for start in range(0, len(text), width):
            context.move_to(40, y)
            context.show_text(text[start:start + width])
            y += size + 8
        y += 6
    footer()
    surface.show_page()
    surface.finish()
    return buffer.getvalue()


def rendered_derived_files() -> dict[str, list[tuple[str, Document, list[str], list[str]]]]:
    """TUNING data that costs no hand labels, rendered here: the project's own course documents
    (tests/data/mining/documents, all but the held-out 13) and the 10 OI-wiki TUNING pages (never
    the held-out half), each as a plain-text copy and as a PDF set all in the body font with no
    bookmarks, and as a slide deck (`rendered_slides`: landscape, a slide per heading, running
    footer and slide numbers); gold, their own headings. Most of these headings are unnumbered: the
    rows check the headings a plain copy shows only by their place, and that numbered body lines
    (list items, steps) are not taken for headings."""
    from toolkit.mining import corpora

    sources = [(f"own/{doc.name}", doc) for doc in load_documents(DATA / "documents") if "heldout" not in doc.name]
    pages = corpora.oiwiki_pages()
    tuning_pages, _ = corpora.oiwiki_split(list(pages))
    for page in tuning_pages:
        lines = _markdown_lines(pages[page])
        sources.append((f"oiwiki/{page}", CourseDocument(page, "numbering", [], {}, [(l, t) for l, t in lines if l], lines)))
    groups: dict[str, list] = {"rendered_own": [], "rendered_oiwiki": [], "rendered_slides": []}
    for name, doc in sources:
        gold = [title for _, title in doc.headings]
        text = read_document(f"{doc.name}.txt", "\n".join(t for _, t in doc.lines).encode("utf-8"))
        pdf = without_stated_catalogue(read_document(f"{doc.name}.pdf", _pdf(doc, bookmarks=True)))
        for suffix, document in (("txt", text), ("pdf", pdf)):
            files = groups["rendered_own" if name.startswith("own/") else "rendered_oiwiki"]
            files.append((f"{name}.{suffix}", document, [document.paragraph_text(i) for i in range(len(document.paragraphs))], gold))
        # The same text as a deck: slide titles, a running footer and slide numbers on every page.
        deck = read_document(f"{doc.name}-slides.pdf", _slides_pdf(doc))
        groups["rendered_slides"].append((f"{name}.slides.pdf", deck, [deck.paragraph_text(i) for i in range(len(deck.paragraphs))], gold))
    # And in the layouts of real unstyled files: numbered, run on, hard-wrapped, decks with dividers.
    from toolkit.mining import tuning_layouts

    groups.update(tuning_layouts.layout_files(sources))
    return groups


def real_catalogue(errors: bool = False, held_out: bool = True) -> dict | None:
    """Title F1 on real files, in three groups each beside a numbering regex from the same run:
    `oiwiki`, the 20 OI-wiki Markdown pages (gold: their own Markdown headings, which the reader
    passes on as styles, so this mostly checks the plumbing); `unstyled`, the held-out PDF/docx
    files of tests/data/mining/corpus_catalogues.tsv, with no heading styles or bookmarks, the
    figure issue 15's target (F1 >= 0.9) is about; `tuning`, those of corpus_catalogues_tuning.tsv,
    which the rules were tuned on (not evidence)."""
    from toolkit.mining import corpora

    pages = corpora.oiwiki_pages()
    groups = {
        "oiwiki": [(name, _read_markdown(name, text), text.splitlines(), _markdown_headings(text)) for name, text in pages.items()],
        "unstyled": _corpus_catalogue_files(DATA / "corpus_catalogues.tsv"),
        "tuning": _corpus_catalogue_files(DATA / "corpus_catalogues_tuning.tsv"),
        "derived": structure_derived_files(),
        **rendered_derived_files(),
    }
    if not held_out:
        # Tuning rounds read only the tuning groups, so the held-out files' errors stay unseen.
        groups = {name: files for name, files in groups.items() if name in ("tuning", "derived") or name.startswith("rendered")}
    if not any(groups.values()):
        return None
    return {group: _catalogue_scores(files, errors) for group, files in groups.items() if files}


CATALOGUE_SECOND_LABELS = DATA / "corpus_catalogues_second.tsv"


def catalogue_agreement() -> dict | None:
    """How far two annotators' catalogues of the same unstyled files agree (the second's titles scored
    against the first's, F1 summed over files), held out and tuning apart, beside the miner against the
    second annotator: what a title F1 against one annotator can be read to."""
    if not CATALOGUE_SECOND_LABELS.exists():
        return None
    second = _catalogue_labels(CATALOGUE_SECOND_LABELS)
    result = {}
    for group, path in (("heldout", DATA / "corpus_catalogues.tsv"), ("tuning", DATA / "corpus_catalogues_tuning.tsv")):
        files = _corpus_catalogue_files(path)
        if not files:
            continue
        agree, ours = [0, 0, 0], [0, 0, 0]
        for name, document, _, first_titles in files:
            first = {_catalogue_key(t) for t in first_titles}
            other = {_catalogue_key(t) for t in second.get(name, [])}
            said = {_catalogue_key(item["title"]) for item in catalogue.recognise(document)[1]}
            for totals, predicted, gold in ((agree, other, first), (ours, said, other)):
                totals[0] += len(predicted & gold)
                totals[1] += len(predicted)
                totals[2] += len(gold)
        result[group] = {"annotators": prf(*agree), "ours_vs_second": prf(*ours), "files": len(files)}
    return result or None


def run_real() -> dict:
    from toolkit.mining import judged

    return {"keyphrases": real_keyphrases(), "definitions_zh": real_chinese_definitions(),
            "definitions_zh_course_tuning": course_definitions(),
            "definitions_zh_more_courses": course_definitions(False, MORE_COURSE_DEFINITION_LABELS, MORE_COURSE_DEFINITION_FILES),
            "definitions_en": real_english_definitions(), "points_en": real_english_points(), "catalogue": real_catalogue(),
            "catalogue_agreement": catalogue_agreement(), "relations": real_relations(),
            "judged": judged.run()}


def print_real(report: dict, out=sys.stdout) -> None:
    print("Held-out real data (../shared/corpus, ../shared/fixtures), each miner beside a baseline from this run",
          file=out)

    def row(task: str, ours: dict, baseline: dict, name: str, metric: str = "f1") -> None:
        print(f"  {task:<46} Zhitu {metric} {ours[metric]:.3f} (P {ours['precision']:.3f} R {ours['recall']:.3f})"
              f"   {name} {baseline[metric]:.3f} (P {baseline['precision']:.3f} R {baseline['recall']:.3f})", file=out)

    if report["keyphrases"] is None:
        print("  keyphrases: skipped, ../shared/corpus/csl/csl_kg_test.tsv is absent", file=out)
    else:
        k = report["keyphrases"]
        row(f"keyphrases F1@10, CSL test ({k['documents']} abstracts)", k["ours"], k["baseline"], "jieba TF-IDF")
    if report["definitions_zh"] is None:
        print("  Chinese definitions: skipped, ../shared/corpus/text-zh is absent", file=out)
    else:
        names = {"first": "first labels", "second": "2nd annotator", "both": "both annotators"}
        for split in ("tuning", "heldout"):
            for gold, d in report["definitions_zh"][split]["by_gold"].items():
                row(f"Chinese defs, OI-wiki {split}, {names[gold]} ({d['ours']['gold']})", d["ours"], d["baseline"],
                    "sentence-start regex")
    if report.get("definitions_zh_course_tuning"):
        d = report["definitions_zh_course_tuning"]
        row(f"Chinese defs, {d['files']} course texts, TUNING ({d['ours']['gold']})", d["ours"], d["baseline"],
            "sentence-start regex")
    if report.get("definitions_zh_more_courses"):
        d = report["definitions_zh_more_courses"]
        row(f"Chinese defs, {d['files']} other course texts, TUNING ({d['ours']['gold']})", d["ours"], d["baseline"],
            "sentence-start regex")
    if report["definitions_en"] is None:
        print("  English definitions: skipped, ../shared/corpus/deft is absent", file=out)
    else:
        e = report["definitions_en"]
        row(f"English definitions, DEFT ({e['sentences']} sentences)", e["ours"], e["baseline"], "English regex")
        if "tfidf_lr" in e:
            print(f"  {'':<46} (classifier alone, 7-fold CV grouped by file: F1 {e['tfidf_lr']['f1']:.3f})", file=out)
    if report.get("points_en") is not None:
        for split in ("tuning", "heldout"):
            e = report["points_en"][split]
            row(f"English points P@10, DEFT {split} ({e['files']} files)", e["ours"], e["baseline"], "frequent rare words",
                metric="precision")
    if report["catalogue"] is None:
        print("  catalogue: skipped, no corpus files", file=out)
    else:
        names = {"oiwiki": "OI-wiki Markdown pages", "unstyled": "unstyled files, HELD OUT",
                 "tuning": "unstyled files, TUNING", "derived": "styles/bookmarks dropped, TUNING",
                 "rendered_own": "own documents unstyled, TUNING", "rendered_oiwiki": "OI-wiki tuning unstyled, TUNING",
                 "rendered_slides": "own + OI-wiki tuning as decks, TUNING",
                 "rendered_numbered": "own + OI-wiki tuning numbered, TUNING",
                 "rendered_run_on": "numbered, run on into text, TUNING",
                 "rendered_wrapped": "hard-wrapped at 24/30/40, TUNING",
                 "rendered_decks": "decks with dividers, continued, TUNING"}
        # The unstyled held-out row answers issue 15's target; the Markdown pages carry their headings.
        for group, c in report["catalogue"].items():
            row(f"catalogue titles, {names[group]} ({c['files']})", c["ours"], c["baseline"], "numbering regex")
    for group, a in (report.get("catalogue_agreement") or {}).items():
        n, o = a["annotators"], a["ours_vs_second"]
        print(f"  {'catalogue, 2nd annotator vs 1st, ' + group:<46} F1 {n['f1']:.3f} (P {n['precision']:.3f} R {n['recall']:.3f})"
              f"   Zhitu vs 2nd annotator {o['f1']:.3f} (P {o['precision']:.3f} R {o['recall']:.3f})", file=out)
    if report.get("relations"):
        r = report["relations"]
        kinds = ", ".join(f"{k} {v}" for k, v in sorted(r["by_kind"].items()))
        print(f"  relations on OI-wiki held-out pages: {r['total']} ({kinds}); co-occurrence share {r['cooccurrence_share']:.3f}",
              file=out)
    if report.get("judged"):
        # Precision from hand judgements of a fixed sample (tests/data/mining/judged_*.tsv): the
        # definition labels are not exhaustive; relations and attribution have no labels at all.
        from toolkit.mining import judged

        judged.print_report(report["judged"], out)



def real_relations(pages_limit: int | None = None) -> dict | None:
    """Relations the miner proposes on the OI-wiki held-out pages, by kind of evidence: how much of
    the output rests on co-occurrence alone (the issue measured 1,171 of 1,173). Judged by hand,
    not scored here: `--show-relations` lists the top ones."""
    from toolkit.mining import corpora

    pages = corpora.oiwiki_pages()
    if not pages:
        return None
    _, heldout = corpora.oiwiki_split(list(pages))
    counts: dict[str, int] = {}
    top = []
    for name in heldout[:pages_limit]:
        found = relations.mine(_read_markdown(name, pages[name]))
        for candidate in found:
            cue = candidate.payload["cue"]  # definition, name (head word, owner), heading, section, co-occurrence
            key = candidate.payload["type"] + "/" + (cue if cue in ("co-occurrence", "definition", "name", "heading", "section") else "cue")
            counts[key] = counts.get(key, 0) + 1
        top += [(name, c.payload["type"], c.payload["start"], c.payload["target"], c.payload["cue"]) for c in found[:3]]
    total = sum(counts.values())
    return {"total": total, "by_kind": counts, "cooccurrence_share": round(counts.get("Mutual/co-occurrence", 0) / total, 3)
            if total else 0.0, "top": top}


if __name__ == "__main__":
    raise SystemExit(main())
