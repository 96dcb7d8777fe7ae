"""Attribution (belong): which catalogue node each knowledge point belongs to, with a score and
the reasons: the section it occurs in, similarity to the node's name, and to its description."""
from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

from toolkit.mining import catalogue as catalogue_miner
from toolkit.mining.candidates import Candidate
from toolkit.mining.documents import Document

_NUMBERING = re.compile(r"^(?:第\s*[一二三四五六七八九十百零〇\d]+\s*[章节篇部]|[\d.]+|[一二三四五六七八九十]+[、.．]|[（(][^)）]{1,3}[)）])\s*")


def _bigrams(text: str) -> set[str]:
    text = re.sub(r"\s+", "", text)
    return {text[i:i + 2] for i in range(len(text) - 1)} or ({text} if text else set())


def name_similarity(point: str, name: str) -> float:
    name = _NUMBERING.sub("", name)
    if not point or not name:
        return 0.0
    if point == name:
        return 1.0
    if point in name or name in point:
        return 0.6 + 0.3 * min(len(point), len(name)) / max(len(point), len(name))
    a, b = _bigrams(point), _bigrams(name)
    return 2 * len(a & b) / (len(a) + len(b)) if a and b else 0.0


def desc_similarity(point: str, desc: str) -> float:
    if not desc:
        return 0.0
    if point in desc:
        return 1.0
    grams = _bigrams(point)
    return len([g for g in grams if g in desc]) / len(grams) if grams else 0.0


def heading_paths(headings: list[dict]) -> list[list[str]]:
    """For each recognised heading, the titles above it (outermost first) and its own."""
    paths: list[list[str]] = []
    for item in headings:
        parent = item.get("parent")
        above = paths[parent] if parent is not None and parent < len(paths) else []
        paths.append(above + [_NUMBERING.sub("", item["title"])])
    return paths


def path_similarity(context: list[str], node_path: list[str]) -> float:
    """How well a node's ancestors (node_path, names) match the headings around an occurrence
    (context, titles, and the document's title): the share of ancestors found there."""
    names = [n for n in node_path if n]
    if not names or not context:
        return 0.0
    return sum(max(name_similarity(n, c) for c in context) >= 0.6 for n in names) / len(names)


def page_similarity(node_path: list[str], text: str, siblings: list[str] = (), heading_titles: set[str] = frozenset()) -> float:
    """Whether the material is the node's page: the share of the node's ancestors it names anywhere
    (a node under 数据结构 → AVL 树 suits a text about AVL trees) and, when the node has siblings, the
    share of them that are headings of the material too (引入 beside 存储 and 树的遍历 is the 引入 of a
    text with those headings, not the 引入 of another page)."""
    names = [n for n in (_NUMBERING.sub("", n) for n in node_path) if n]
    by_ancestors = sum(n in text for n in names) / len(names) if names and text else 0.0
    others = [n for n in (_NUMBERING.sub("", n) for n in siblings) if n]
    if not others:
        return by_ancestors
    return (by_ancestors + sum(n in heading_titles for n in others) / len(others)) / 2


def sections(document: Document, headings: list[dict]) -> list[tuple[int, int, int]]:
    """(heading index, start, end) spans: from a heading to the next heading at any level."""
    placed = [(i, h["start"]) for i, h in enumerate(headings) if h.get("start") is not None]
    spans = []
    for k, (index, start) in enumerate(placed):
        end = placed[k + 1][1] if k + 1 < len(placed) else len(document.text)
        spans.append((index, start, end))
    return spans


def attribute(points: Iterable[str], nodes: list[dict], document: Document | None = None,
              node_sections: dict[int, list[tuple[int, int]]] | None = None,
              contexts: list[tuple[int, int, list[str]]] | None = None) -> list[Candidate]:
    """nodes: [{key, name, desc, path?}] (key is a node id or a heading index; path the names of the
    node's ancestors). node_sections maps a key to the spans of the document that are its section;
    occurrences there vote for it. contexts: (start, end, heading titles around) spans, so that among
    same-named nodes the one whose ancestors match the headings around the point wins."""
    results = []
    text = document.text if document is not None else ""
    page_scores: dict = {}

    def page_score(node: dict) -> float:
        if "page" in node:
            return node["page"]
        if node["key"] not in page_scores:
            page_scores[node["key"]] = page_similarity(node.get("path") or [], text)
        return page_scores[node["key"]]

    for point in dict.fromkeys(p for p in points if p):
        occurrences = [m.start() for m in re.finditer(re.escape(point), text)] if text else []
        votes: Counter = Counter()
        if node_sections:
            for position in occurrences:
                for key, spans in node_sections.items():
                    if any(start <= position < end for start, end in spans):
                        votes[key] += 1
        around: list[str] = []
        for position in occurrences:
            for start, end, titles in contexts or []:
                if start <= position < end:
                    around += [t for t in titles if t not in around]
        best = None
        for node in nodes:
            key = node["key"]
            section = votes[key] / len(occurrences) if occurrences and node_sections else 0.0
            by_name = name_similarity(point, node["name"])
            by_desc = desc_similarity(point, node.get("desc") or "")
            by_path = path_similarity(around, node.get("path") or [])
            by_page = page_score(node)
            if node_sections and occurrences:
                score = 0.6 * section + 0.25 * by_name + 0.15 * by_desc
            else:
                score = 0.6 * by_name + 0.4 * by_desc
            score += 0.1 * by_path + 0.05 * by_page  # decide between same-named nodes, barely move the rest
            reason = {"section": round(section, 3), "name": round(by_name, 3), "desc": round(by_desc, 3),
                      "path": round(by_path, 3), "page": round(by_page, 3), "occurrences": len(occurrences)}
            if best is None or score > best[0]:
                best = (score, node, reason)
        if best is None or best[0] <= 0:
            continue
        score, node, reason = best
        location = document.locate(occurrences[0], occurrences[0] + len(point)) if occurrences and document else {}
        results.append(Candidate("belong", min(score, 1.0), {"term": point, "nodeKey": node["key"], "nodeName": node["name"],
                                                             "reason": reason}, location))
    results.sort(key=lambda c: -c.score)
    return results


def mine(document: Document, points: Iterable[str] | None = None, graph_nodes: list[dict] | None = None,
         terms: Iterable[str] = ()) -> list[Candidate]:
    """Attribute points to the graph's catalogue nodes (graph_nodes: [{key, name, desc}]) or, without
    a graph, to the document's own recognised catalogue (keys are heading indexes)."""
    if points is None:
        from toolkit.mining import points as point_miner

        points = [c.payload["term"] for c in point_miner.mine(document, terms, limit=100)]
    _method, headings = catalogue_miner.recognise(document)
    spans = sections(document, headings)
    paths = heading_paths(headings)
    contexts = [(start, end, paths[index]) for index, start, end in spans]
    if graph_nodes is None:
        nodes = [{"key": i, "name": h["title"], "desc": ""} for i, h in enumerate(headings)]
        node_sections = {index: [(start, end)] for index, start, end in spans}
    else:
        # The page score of every graph node once: its ancestors named in the text, its siblings
        # among the headings (the `page` reason).
        titles = {_NUMBERING.sub("", h["title"]) for h in headings}
        siblings: dict[tuple, list[str]] = {}
        for n in graph_nodes:
            siblings.setdefault(tuple(n.get("path") or []), []).append(n["name"])
        nodes = [{**n, "page": page_similarity(n.get("path") or [], document.text,
                                               [m for m in siblings[tuple(n.get("path") or [])] if m != n["name"]], titles)}
                 for n in graph_nodes]
        graph_nodes = nodes
        # A graph node owns the sections of the document headings that carry its name.
        # Among same-named nodes, the one whose ancestors match the headings above this one.
        node_sections: dict = {}
        for index, start, end in spans:
            title = _NUMBERING.sub("", headings[index]["title"])
            # then, among those, the one whose page the material names (性质 under AVL 树 for an AVL text).
            scored = [(name_similarity(title, n["name"]), path_similarity(paths[index][:-1], n.get("path") or []),
                       n["page"], n["key"]) for n in graph_nodes]
            best = max(scored, key=lambda row: (row[0], row[1], row[2])) if scored else None
            if best is not None and best[0] >= 0.6:
                node_sections.setdefault(best[3], []).append((start, end))
    heading_titles = {h["title"] for h in headings}
    return attribute([p for p in points if p not in heading_titles], nodes, document, node_sections or None, contexts)
