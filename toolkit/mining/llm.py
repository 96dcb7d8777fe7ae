"""The optional LLM miners (issue 15 item 9): the five mining kinds asked of an OpenAI-compatible
chat-completions endpoint (llama.cpp's server, vLLM, Ollama, a hosted API) with JSON-schema output.

Off by default: used only when ZHITU_LLM_URL is set (and a task does not ask for the offline
miners). The answers become the same Candidate shapes as the offline miners, so the review is the
same; every term and sentence must occur in the text (it is located there), so a made-up answer
is dropped rather than shown without its passage.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

import httpx

from toolkit import settings
from toolkit.errors import ValidationError, ZhituError
from toolkit.mining import lac_shim
from toolkit.mining.candidates import Candidate
from toolkit.mining.documents import Document

# Characters of text per request: small enough for an 8k-token local model with the answer.
CHUNK_CHARS = 3000
RELATION_TYPES = ("Behind", "Contain", "Mutual")

PROMPTS = {
    "points": "List the knowledge points (domain terms a teacher would make nodes of) that occur verbatim in the text. "
              "Give each term exactly as written in the text, with a score from 0 to 1 for how central it is.",
    "definitions": "List the sentences of the text that define a term, each with the term it defines. Copy the term and "
                   "the whole sentence exactly as written in the text; score 0 to 1 for how clearly it is a definition.",
    "relations": "List relations between knowledge points of the text: Contain (start contains target: target is a kind "
                 "or part of start), Behind (start must be learnt before target) or Mutual (closely related). Give the "
                 "terms as written in the text, the sentence that supports the relation, and a score from 0 to 1.",
    "belong": "For each knowledge point of the text, choose the catalogue node (by its key) it belongs under, from the "
              "nodes listed. Give the term exactly as written in the text and a score from 0 to 1.",
    "catalogue": "List the headings of the text (chapters, sections, subsections) in order, each copied exactly as "
                 "written, with its level (1 for chapters, 2 for sections, and so on).",
}

_TEXT = {"type": "string"}
_SCORE = {"type": "number"}
ITEM_SCHEMAS = {
    "points": {"term": _TEXT, "score": _SCORE},
    "definitions": {"term": _TEXT, "sentence": _TEXT, "score": _SCORE},
    "relations": {"type": {"type": "string", "enum": list(RELATION_TYPES)}, "start": _TEXT, "target": _TEXT,
                  "sentence": _TEXT, "score": _SCORE},
    "belong": {"term": _TEXT, "nodeKey": {"type": "integer"}, "score": _SCORE},
    "catalogue": {"title": _TEXT, "level": {"type": "integer"}},
}


def schema(kind: str) -> dict:
    """The JSON schema the endpoint is asked to answer in: {"items": [...]}."""
    item = {"type": "object", "properties": ITEM_SCHEMAS[kind], "required": list(ITEM_SCHEMAS[kind]),
            "additionalProperties": False}
    return {"type": "object", "properties": {"items": {"type": "array", "items": item}}, "required": ["items"],
            "additionalProperties": False}


def configured() -> bool:
    return bool(str(settings.get("llm_url") or "").strip())


@dataclass
class Endpoint:
    url: str
    model: str
    key: str
    timeout: float

    @classmethod
    def from_settings(cls) -> "Endpoint":
        if not configured():
            raise ValidationError("mining.llm_not_configured")
        url = str(settings.get("llm_url")).strip().rstrip("/")
        if not url.endswith("/chat/completions"):
            url += "/chat/completions"
        return cls(url, str(settings.get("llm_model") or ""), str(settings.get("llm_key") or ""),
                   float(settings.get("llm_timeout")))

    def ask(self, kind: str, text: str, hints: str = "") -> list[dict]:
        """One chat completion; the parsed items of its JSON answer (each a dict)."""
        body = {"model": self.model, "temperature": 0,
                "messages": [{"role": "system", "content": PROMPTS[kind] + " Answer only with JSON matching the schema."},
                             {"role": "user", "content": (hints + "\n\nText:\n" if hints else "Text:\n") + text}],
                "response_format": {"type": "json_schema",
                                    "json_schema": {"name": f"zhitu_{kind}", "schema": schema(kind), "strict": True}}}
        headers = {"Authorization": f"Bearer {self.key}"} if self.key else {}
        try:
            response = httpx.post(self.url, json=body, headers=headers, timeout=self.timeout)
        except httpx.HTTPError as exc:
            raise ZhituError("mining.llm_unreachable", url=self.url, detail=str(exc) or type(exc).__name__) from exc
        if response.status_code >= 400:
            raise ZhituError("mining.llm_unreachable", url=self.url, detail=f"HTTP {response.status_code} {response.text[:200]}")
        try:
            content = response.json()["choices"][0]["message"]["content"]
            items = json.loads(content)["items"]
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise ZhituError("mining.llm_bad_answer", detail=response.text[:200]) from exc
        if not isinstance(items, list):
            raise ZhituError("mining.llm_bad_answer", detail=response.text[:200])
        return [item for item in items if isinstance(item, dict)]


def chunks(document: Document, size: int = CHUNK_CHARS) -> list[tuple[int, str]]:
    """(offset, text) pieces of about `size` characters, cut at paragraph ends where there are any."""
    text = document.text
    ends = sorted({p.end for p in document.paragraphs if 0 < p.end <= len(text)}) or [len(text)]
    pieces, begin = [], 0
    for end in ends + [len(text)]:
        if end - begin >= size or (end == len(text) and end > begin):
            while end - begin > 2 * size:  # one paragraph longer than two chunks is cut anyway
                pieces.append((begin, text[begin:begin + size]))
                begin += size
            pieces.append((begin, text[begin:end]))
            begin = end
    return [(offset, piece) for offset, piece in pieces if piece.strip()]


def _text(item: dict, key: str) -> str:
    value = item.get(key)
    return value.strip() if isinstance(value, str) else ""


def _score(item: dict) -> float:
    value = item.get("score", 0.5)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0.5
    return max(1e-4, min(1.0, float(value)))


def _locate(document: Document, offset: int, piece: str, needle: str) -> dict | None:
    found = piece.find(needle) if needle else -1
    if found < 0:
        return None
    return document.locate(offset + found, offset + found + len(needle))


def mine(kind: str, document: Document, terms: list[str] | None = None, point_names: list[str] | None = None,
         catalogue_nodes: list[dict] | None = None, limit: int | None = 200, endpoint: Endpoint | None = None) -> list[Candidate]:
    endpoint = endpoint or Endpoint.from_settings()
    hints = ""
    if terms:
        hints += "Course terms: " + "、".join(terms[:200])
    if kind == "relations" and point_names:
        hints += "\nKnown knowledge points: " + "、".join(point_names[:300])
    nodes = {n["key"]: n for n in catalogue_nodes or []}
    if kind == "belong":
        if not nodes:
            return []
        # The path above each node tells same-named nodes apart (时间复杂度 under 选择排序 or 二叉搜索树).
        hints += "\nCatalogue nodes (key: path / name):\n" + "\n".join(
            f"{key}: {' / '.join([*(n.get('path') or []), n['name']])}" for key, n in list(nodes.items())[:300])
    pieces = chunks(document)
    hook = lac_shim.progress_hook.get()
    found: list[Candidate] = []
    for number, (offset, piece) in enumerate(pieces):
        for item in endpoint.ask(kind, piece, hints.strip()):
            candidate = _candidate(kind, item, document, offset, piece, nodes)
            if candidate is not None:
                found.append(candidate)
        if hook is not None:
            hook((number + 1) / len(pieces))
    return _finish(kind, found, document, limit)


def _candidate(kind: str, item: dict, document: Document, offset: int, piece: str, nodes: dict) -> Candidate | None:
    score = _score(item)
    if kind == "points":
        term = _text(item, "term")
        location = _locate(document, offset, piece, term)
        return location and Candidate("points", score, {"term": term, "count": document.text.count(term)}, location)
    if kind == "definitions":
        term, sentence = _text(item, "term"), _text(item, "sentence")
        location = _locate(document, offset, piece, sentence)
        if location is None or term not in sentence:
            return None
        return Candidate("definitions", score, {"term": term, "sentence": sentence, "pattern": "llm"}, location)
    if kind == "relations":
        start, target, sentence = _text(item, "start"), _text(item, "target"), _text(item, "sentence")
        kind_of = item.get("type")
        if kind_of not in RELATION_TYPES or not start or not target or start == target:
            return None
        location = _locate(document, offset, piece, sentence) or _locate(document, offset, piece, start)
        if location is None or start not in document.text or target not in document.text:
            return None
        return Candidate("relations", score, {"type": kind_of, "start": start, "target": target, "sentence": sentence,
                                              "cooccurrence": 0.0, "sentences": 1, "cue": "llm"}, location)
    if kind == "belong":
        term, node = _text(item, "term"), nodes.get(item.get("nodeKey"))
        location = _locate(document, offset, piece, term)
        if location is None or node is None:
            return None
        return Candidate("belong", score, {"term": term, "nodeKey": node["key"], "nodeName": node["name"],
                                           "reason": {"llm": round(score, 3)}}, location)
    title, level = _text(item, "title"), item.get("level")
    location = _locate(document, offset, piece, title)
    if location is None or isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= 9:
        return None
    return Candidate("catalogue", 1.0, {"title": title, "level": level, "page": location.get("page"), "method": "llm"}, location)


def _finish(kind: str, found: list[Candidate], document: Document, limit: int | None) -> list[Candidate]:
    if kind == "catalogue":
        # In text order, each heading under the nearest one above it of a smaller level.
        found.sort(key=lambda c: c.location.get("start", 0))
        stack: list[tuple[int, int]] = []  # (level, index)
        for index, candidate in enumerate(found):
            level = candidate.payload["level"]
            while stack and stack[-1][0] >= level:
                stack.pop()
            candidate.payload.update(index=index, parent=stack[-1][1] if stack else None)
            stack.append((level, index))
        return found
    best: dict[tuple, Candidate] = {}
    for candidate in found:
        p = candidate.payload
        key = {"points": lambda: (p["term"],), "definitions": lambda: (p["term"], p["sentence"]),
               "relations": lambda: (p["type"], p["start"], p["target"]), "belong": lambda: (p["term"],)}[kind]()
        if key not in best or candidate.score > best[key].score:
            best[key] = candidate
    result = sorted(best.values(), key=lambda c: -c.score)
    return result[:limit] if kind == "points" and limit else result
