"""Miner output on the OI-wiki held-out pages, judged by hand (issue 15): Chinese definitions,
relations, attribution and knowledge points (each page's first 10, beside jieba TF-IDF's first 10 of
the same text, judged by the same rules: points a teacher would keep, of 100). Nobody labelled these pages for relations or attribution before, and the
definition labels are not exhaustive, so precision is measured the way the issue asks: a fixed
sample of what the miner says, each item judged right or wrong with a reason, in files committed
beside the tests (tests/data/mining/judged_*.tsv).

    python -m toolkit.mining.judged sheet relations   # the sampled items not judged yet, to fill in
    python -m toolkit.mining.judged                   # precision from the judgements

An item is keyed by what a reviewer sees (page, and the kind's own fields); a judged item the miner
no longer says drops out, and a sampled item nobody judged yet is counted as `unjudged`, so a
change of the miner shows up instead of being scored by old judgements. Attribution is run on the
judged points themselves (sampled once from the point miner), so only a change of attribution moves
it; relations still take the point miner's current points, so its changes show up as unjudged items.

Relations are judged on three held-out sources, as the product can run the miner: the pages with their
own mined points (a material bound to no graph), the pages with the OI-wiki graph's node names as the
points (a material bound to that graph) and the 1,000 held-out CSL abstracts (real scientific text, not
course text); the sample is drawn from all they say, and each source's precision is printed apart.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

from toolkit.mining import belong, corpora, definitions, relations

DATA = corpora.ROOT / "tests" / "data" / "mining"
SAMPLE = 50
SEED = 15
# OI-wiki's own titles of the 20 pages and the part of the site each sits in: the nodes of the graph
# attribution chooses among (every page's Markdown headings below its title; 定义, 性质, 实现, 例题…
# recur under many pages, which is what attribution has to tell apart).
PAGES = {
    "ds_avl": ("数据结构", "AVL 树"), "ds_binary-heap": ("数据结构", "二叉堆"), "ds_cartesian-tree": ("数据结构", "笛卡尔树"),
    "ds_huffman-tree": ("数据结构", "霍夫曼树"), "ds_skiplist": ("数据结构", "跳表"), "ds_sparse-table": ("数据结构", "ST 表"),
    "graph_bi-graph": ("图论", "二分图"), "graph_connectivity": ("图论", "割点和桥"), "graph_dag": ("图论", "有向无环图"),
    "graph_euler": ("图论", "欧拉图"), "graph_mst": ("图论", "最小生成树"), "graph_scc": ("图论", "强连通分量"),
    "graph_topo": ("图论", "拓扑排序"), "graph_tree-basic": ("图论", "树基础"),
    "math_combinatorics_combination": ("数学", "排列组合"), "math_number-theory_basic": ("数学", "数论基础"),
    "math_number-theory_prime": ("数学", "素数"), "string_basic": ("字符串", "字符串基础"),
    "string_kmp": ("字符串", "前缀函数与 KMP 算法"), "string_trie": ("字符串", "字典树"),
}
FILES = {"definitions": "judged_definitions_zh.tsv", "relations": "judged_relations.tsv", "attribution": "judged_attribution.tsv",
         "points": "judged_points.tsv", "points_jieba": "judged_points_jieba.tsv"}
# Points are judged whole, not sampled: each held-out page's first POINTS_PER_PAGE, the point miner's and
# jieba TF-IDF's on the same text, as the issue compares them (points a teacher would keep, of 100).
POINTS_PER_PAGE = 10
SAMPLE_SIZES = {"points": 100, "points_jieba": 100}


def _document(name: str, text: str):
    from toolkit.mining.evaluation import _read_markdown

    return _read_markdown(name, text)


def _markdown_headings_with_levels(text: str) -> list[tuple[int, str]]:
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark").parse(text)
    return [(int(t.tag[1]), tokens[i + 1].content.replace("**", "").strip())
            for i, t in enumerate(tokens) if t.type == "heading_open"]


def oiwiki_graph(pages: dict[str, str]) -> list[dict]:
    """Catalogue nodes [{key, name, desc, path}] of a graph of all 20 pages: part → page → headings,
    as tasks.graph_context gives them (path: the names above, root left out)."""
    nodes: list[dict] = []
    parts: dict[str, int] = {}
    for name in sorted(pages):
        part, title = PAGES.get(name, ("其他", name))
        if part not in parts:
            parts[part] = len(nodes)
            nodes.append({"key": len(nodes), "name": part, "desc": "", "path": []})
        page_key = len(nodes)
        nodes.append({"key": page_key, "name": title, "desc": "", "path": [part]})
        stack: list[tuple[int, str]] = []  # (level, name) of the headings above
        for level, heading in _markdown_headings_with_levels(pages[name]):
            while stack and stack[-1][0] >= level:
                stack.pop()
            nodes.append({"key": len(nodes), "name": heading, "desc": "", "path": [part, title] + [h for _, h in stack]})
            stack.append((level, heading))
    return nodes


def _node_path(node: dict) -> str:
    return " / ".join(node["path"] + [node["name"]])


def outputs(kind: str, split: str = "heldout") -> list[dict]:
    """Everything the miner says on the held-out pages (or the tuning ones, to tune on), as rows with a
    key a judgement can match."""
    pages = corpora.oiwiki_pages()
    if not pages:
        return []
    tuning, heldout = corpora.oiwiki_split(list(pages))
    heldout = heldout if split == "heldout" else tuning
    rows: list[dict] = []
    graph = oiwiki_graph(pages) if kind == "attribution" else []
    by_key = {n["key"]: n for n in graph}
    for name in heldout:
        document = _document(name, pages[name])
        if kind == "definitions":
            for c in definitions.mine(document):
                sentence = c.payload["sentence"]
                rows.append({"page": name, "term": c.payload["term"], "sentence": sentence,
                             "key": (name, c.payload["term"], sentence[:40])})
        elif kind == "relations":
            rows += _relation_rows(name, relations.mine(document), "OI-wiki pages")
        elif kind in ("points", "points_jieba"):
            rows += [{"page": name, "term": term, "rank": rank, "key": (name, term)}
                     for rank, term in enumerate(_first_points(kind, document), 1)]
        else:
            # The points judged are fixed (the file's own), so a change of the point miner does not
            # move the sample; without judgements yet, the point miner's.
            fixed = [key[1] for key in load("attribution") if key[0] == name] if split == "heldout" else []
            for c in belong.mine(document, fixed or None, graph):
                node = by_key[c.payload["nodeKey"]]
                rows.append({"page": name, "term": c.payload["term"], "node": _node_path(node),
                             "reason": c.payload["reason"], "key": (name, c.payload["term"], _node_path(node))})
    if kind == "relations" and split == "heldout":
        rows = _unique(rows + relations_with_graph(pages, heldout) + relations_in_abstracts())
    return rows


def _first_points(kind: str, document) -> list[str]:
    """The point miner's first POINTS_PER_PAGE, or jieba TF-IDF's over the same text the miners read
    (the Markdown's prose: code, formulas and link targets left out)."""
    if kind == "points":
        from toolkit.mining import points

        return [c.payload["term"] for c in points.mine(document, limit=POINTS_PER_PAGE)]
    from toolkit.mining.evaluation import _jieba_keywords

    return _jieba_keywords(document.text, POINTS_PER_PAGE)


def _relation_rows(page: str, found, source: str) -> list[dict]:
    rows = []
    for c in found:
        p = c.payload
        rows.append({"page": page, "source": source, "type": p["type"], "start": p["start"], "target": p["target"],
                     "evidence": p.get("evidence") or p["cue"], "sentence": p["sentence"],
                     "key": (page, p["type"], p["start"], p["target"])})
    return rows


def _unique(rows: list[dict]) -> list[dict]:
    seen: set[tuple] = set()
    return [row for row in rows if not (row["key"] in seen or seen.add(row["key"]))]


def relations_with_graph(pages: dict[str, str], names: list[str]) -> list[dict]:
    """What the relation miner says on the held-out pages when the material is bound to a graph, as
    the product runs it (runner.mine_document passes the graph's node names as the points): here the
    OI-wiki graph of all 20 pages."""
    points = sorted({node["name"] for node in oiwiki_graph(pages)})
    return [row for name in names for row in _relation_rows(name, relations.mine(_document(name, pages[name]), points), "OI-wiki pages, graph's names")]


def relations_in_abstracts() -> list[dict]:
    """What it says on the held-out CSL abstracts (real Chinese scientific text nobody here wrote, never
    used for relations before they were judged), each abstract a material of its own; page csl:N is
    line N of csl_kg_test.tsv."""
    return [row for index, (text, _) in enumerate(corpora.csl_rows(corpora.CSL_HELDOUT))
            for row in _relation_rows(f"csl:{index}", relations.mine(_document(f"csl{index}", text)), "CSL abstracts")]


def sample(rows: list[dict], size: int = SAMPLE) -> list[dict]:
    """A fixed random sample of `size` rows (all of them when fewer), in output order."""
    if len(rows) <= size:
        return rows
    picked = set(random.Random(SEED).sample(range(len(rows)), size))
    return [row for i, row in enumerate(rows) if i in picked]


def load(kind: str, path: Path | None = None) -> dict[tuple, tuple[bool, str]]:
    """Judgements: key fields ⇥ verdict (1 right, 0 wrong) ⇥ reason, one a line; # comments."""
    path = path or DATA / FILES[kind]
    judged = {}
    if not path.exists():
        return judged
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            *key, verdict, reason = line.split("\t")
            judged[tuple(key)] = (verdict.strip() == "1", reason.strip())
    return judged


def score(kind: str) -> dict | None:
    rows = outputs(kind)
    if not rows and not corpora.oiwiki_pages():
        return None
    judged = load(kind)
    picked = sample(rows, SAMPLE_SIZES.get(kind, SAMPLE))
    verdicts = [judged[row["key"]][0] for row in picked if row["key"] in judged]
    right = sum(verdicts)
    report = {"outputs": len(rows), "sampled": len(picked), "judged": len(verdicts), "unjudged": len(picked) - len(verdicts),
              "right": right, "precision": round(right / len(verdicts), 3) if verdicts else 0.0}
    sources: dict[str, list[bool]] = {}
    for row in rows:
        if "source" in row and row["key"] in judged:
            sources.setdefault(row["source"], []).append(judged[row["key"]][0])
    if len(sources) > 1:
        # Every judged output of each source, sampled or not, so a weak source is seen whole.
        report["sources"] = {source: {"judged": len(v), "right": sum(v)} for source, v in sources.items()}
    return report


def sheet(kind: str, out=sys.stdout) -> None:
    """The sampled rows not judged yet, as lines to complete with a verdict and a reason."""
    judged = load(kind)
    for row in sample(outputs(kind), SAMPLE_SIZES.get(kind, SAMPLE)):
        if row["key"] not in judged:
            context = row.get("sentence") or row.get("reason") or f"rank {row.get('rank')}"
            print("\t".join(str(k) for k in row["key"]) + "\t?\t" + f"[{row.get('evidence', '')}] {context}"[:200], file=out)


def run() -> dict:
    return {kind: score(kind) for kind in FILES}


def print_report(report: dict, out=sys.stdout) -> None:
    for kind, title in (("definitions", "Chinese definitions"), ("relations", "relations"), ("attribution", "attribution"),
                        ("points", "points a teacher keeps"), ("points_jieba", "  baseline: jieba TF-IDF's")):
        r = report.get(kind)
        if r is None:
            continue
        print(f"  {title + ', judged by hand (held-out)':<46} precision {r['precision']:.3f} "
              f"({r['right']} of {r['judged']} judged; {r['outputs']} said, {r['sampled']} sampled"
              + (f", {r['unjudged']} not judged yet" if r["unjudged"] else "") + ")", file=out)
        for source, counts in r.get("sources", {}).items():
            print(f"    {'among ' + source:<44} {counts['right'] / counts['judged']:.3f} "
                  f"({counts['right']} of {counts['judged']}, all judged outputs)", file=out)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "sheet":
        sheet(sys.argv[2])
    else:
        print_report(run())
