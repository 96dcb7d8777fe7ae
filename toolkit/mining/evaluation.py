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
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.mining import belong, catalogue, definitions, points, relations, textrank
from toolkit.mining.analysis import Sentence, analyse
from toolkit.mining.documents import Document, read_document

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


def _compact(text: str) -> str:
    """Titles and terms compared without spaces, case or the width of brackets and digits."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text)).lower()


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
        predicted = {(item["level"], _compact(item["title"])) for item in items}
        gold = {(level, _compact(title)) for level, title in doc.headings}
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
            term_right += _compact(match.term) == _compact(term)
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
        wanted_set = {_compact(w) for w in wanted if w.strip()}
        guessed_set = {_compact(g) for g in guessed}
        tp += len(guessed_set & wanted_set)
        predicted += len(guessed_set)
        gold += len(wanted_set)
    return prf(tp, predicted, gold)


def evaluate_keyphrases(texts_and_gold: list[tuple[Document, list[str]]], top: int = 10) -> dict:
    ours, baseline = [], []
    for document, gold in texts_and_gold:
        sentences = analyse(document, "lac")
        ours.append(([c.payload["term"] for c in points.extract(sentences, limit=top, document=document)], gold))
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
            tp += _compact(candidate.payload["nodeName"]) == _compact(doc.belong.get(candidate.payload["term"], ""))
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
    for key, title in (("keyphrases", "course documents"), ("keyphrases_csl", "CSL abstracts")):
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
    args = parser.parse_args(argv)
    report = run(args.data, args.csl, args.csl_limit, args.scanned)
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        print_report(report)
        if args.show_errors:
            print("\nmissed definitions:", *report["definitions"]["misses"], sep="\n  ")
            print("\nfalse alarms:", *report["definitions"]["false_alarms"], sep="\n  ")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
