"""Definitions: the sentence that defines a term, found by the cue patterns of Chinese (and English)
textbooks, with the term it defines. Cheap patterns pick candidate sentences; LAC then checks that
the cue stands on word boundaries (是指 in 他是指导老师 does not) and that the term is a noun phrase.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from toolkit.mining import lac_shim
from toolkit.mining.analysis import NOUNISH, Sentence, split_sentences
from toolkit.mining.candidates import Candidate
from toolkit.mining.documents import Document

T = r"(?P<term>[^，,。；;：:！？!?“”\"]{1,30}?)"  # a term before the cue
LEAD = r"(?:^|(?<=[，,：:]))\s*"


@dataclass(frozen=True)
class Pattern:
    name: str
    regex: re.Pattern
    score: float
    cue_group: str = "cue"


def _p(name: str, pattern: str, score: float) -> Pattern:
    return Pattern(name, re.compile(pattern), score)


# Ordered by how sure a match is; the first pattern that yields a valid term wins.
PATTERNS = [
    _p("so_called", r"所谓(?:的)?\s*" + T + r"\s*[，,]?\s*(?P<cue>就是指|是指|指的是|就是|是|即|指)", 0.97),
    _p("is_defined_as", LEAD + T + r"\s*(?P<cue>(?:被|可以?被?|一般被?|通常被?)?定义为)", 0.95),
    _p("refers_to", LEAD + T + r"\s*[，,]?\s*(?P<cue>一般是指|通常是指|主要是指|就是指|是指|指的是|系指)", 0.95),
    _p("called", r"(?P<cue>(?:被)?(?:称之为|称为|称作|叫做|叫作|简称为|记作|定义为))\s*(?P<term>[^，,。；;：:！？!?]{1,24}?)\s*[（(]?[A-Za-z\- ]*[)）]?\s*[。；;]?$", 0.88),
    # 则称该图为连通图 / 则称λ为A的特征值: the thing named sits between 称 and 为.
    _p("call_it", r"(?P<cue>(?:则|就|我们)?称(?:之|其|它|该[^为，,。]{0,8}|此[^为，,。]{0,8}|这[^为，,。]{0,8}|[A-Za-zα-ωΑ-Ω]{1,3})为)\s*(?P<term>[^，,。；;：:！？!?]{1,24}?)\s*[。；;]?$", 0.85),
    _p("that_is", LEAD + T + r"\s*(?P<cue>[，,]\s*即|[，,]\s*也就是|[，,]\s*亦即)", 0.8),
    _p("is_a_kind", LEAD + T + r"\s*(?P<cue>(?:是|为)(?:一种|一类|一门|一个|一组|一套|一系列|一项|指))(?=[^。；;]*的)", 0.85),
    _p("is_the", LEAD + T + r"\s*(?P<cue>是|为)(?=[^。；;]{2,}的(?:总称|统称|简称|合称|过程|方法|现象|能力|集合|学科|科学|理论|技术|方式|结构|机制|规律|活动|行为|状态|关系|性质|程度|比值|量|数|值|函数|序列|变化|运动|物质|物体|化合物|元素|概念|思想|原则|系统|模型|算法|协议|装置|器件|电路|组织|细胞|制度|形式|体系|总和|部分|条件)[。；;，,]?)", 0.75),
    # The plainest definition: X是……的N。 (genus last); word checks below require N to be a noun.
    _p("is_genus", LEAD + T + r"\s*(?P<cue>是|就是)(?=[^。；;]{2,}的[^的。；;，,]{1,10}[。；;]?$)", 0.62),
]
EN_PATTERNS = [
    re.compile(r"^(?:An?\s+|The\s+)?(?P<term>[A-Za-z][\w\- ]{1,50}?)\s+(?P<cue>is defined as|are defined as|refers to|refer to|is called|means)\s", re.I),
    re.compile(r"^(?:An?\s+|The\s+)?(?P<term>[A-Za-z][\w\- ]{1,50}?)\s+(?P<cue>is an?|are)\s+[\w\- ,]+?\s+(?:that|which|in which|whose)\s", re.I),
]
_CUE_HINT = re.compile(r"所谓|定义|称[^，,。]{0,10}为|是指|指的是|系指|称之为|称为|称作|叫做|叫作|简称为|记作|即|也就是|是一|为一|是|defined as|refers? to|is called|means|is an?\s|are\s", re.I)
PRONOUNS = ("这", "那", "它", "他", "她", "其", "此", "该", "我", "你", "本", "上述", "下面", "以下", "如下", "有人", "这些", "那些")
LEAD_WORDS = re.compile(r"^(?:所谓的?|一般地?说?|一般来说|通常|简单地说|简单来说|也就是说|在[^，,]{1,12}中|我们把|我们将|人们把|把|将|而|但|则|所以|因此|其中|首先|其次|最后|例如)\s*")
# "X是一门重要的课程" praises, it does not define: the genus must not be only an evaluation.
EVALUATIVE = re.compile(r"^(?:非常|十分|很|最|比较|极其|相当)?(?:重要|常见|常用|有效|基本|简单|复杂|典型|有趣|困难|关键|核心|必要|好|新|难|有用|经典|主要|基础)的")
_QUANTIFIER = re.compile(r"^(?:一种|一类|一门|一个|一项|一套|一组|[一两三四五六七八九十几]+[个种类门项])")
# "X是……之一" ranks X among others, it does not say what X is.
_ONE_OF = re.compile(r"之一[。；;]?$|最(?:重要|普遍|常用|广泛|基本)的")
MIN_TERM, MAX_TERM = 1, 24  # one character only when LAC calls it a noun (栈, 树, 力)


def _clean_term(term: str) -> str:
    term = term.strip(" 　\"'“”‘’《》「」【】")
    while True:
        stripped = LEAD_WORDS.sub("", term)
        if stripped == term:
            break
        term = stripped
    return term.strip(" 　\"'“”‘’《》「」【】")


def _term_ok(term: str) -> bool:
    if not (MIN_TERM <= len(term) <= MAX_TERM):
        return False
    if term.startswith(PRONOUNS) or term.isdigit():
        return False
    if re.search(r"[是的了吗呢吧啊]$", term):
        return False
    return True


@dataclass
class Match:
    term: str
    term_start: int  # offsets inside the sentence
    term_end: int
    cue_start: int
    cue_end: int
    pattern: str
    score: float


def _match(text: str) -> Match | None:
    """The best pattern match in one sentence, before any word-level check."""
    body = text.strip()
    for pattern in PATTERNS:
        for found in pattern.regex.finditer(body):
            term = _clean_term(found.group("term"))
            if pattern.name in ("called", "call_it") and "的" in term:
                term = term.rsplit("的", 1)[1]  # 叫做这种物质在这种溶剂里的溶解度
            if not _term_ok(term):
                continue
            start = found.start("term") + found.group("term").rfind(term)
            genus = _QUANTIFIER.sub("", body[found.end("cue"):])
            if pattern.name in ("is_a_kind", "is_genus", "is_the") and (EVALUATIVE.match(genus) or _ONE_OF.search(body)):
                continue
            if pattern.name == "called" and "的" not in body[:found.start("cue")] and not body.startswith(("把", "我们把", "将")):
                continue
            return Match(term, start, start + len(term), found.start("cue"), found.end("cue"), pattern.name, pattern.score)
    for regex in EN_PATTERNS:
        found = regex.search(body)
        if found:
            term = found.group("term").strip()
            if term.lower() in ("it", "this", "that", "he", "she", "they", "there", "which") or len(term) < 2:
                continue
            return Match(term, found.start("term"), found.end("term"), found.start("cue"), found.end("cue"), "english", 0.85)
    return None


def _on_boundaries(tokens: list, start: int, end: int) -> bool:
    starts = {t.start for t in tokens} | {tokens[-1].end if tokens else 0}
    ends = {t.end for t in tokens}
    return start in starts and (end in ends or end in starts)


def _checked(match: Match, sentence: Sentence) -> float:
    """Word-level checks on a candidate: the cue is whole words, the term ends in a noun-like word."""
    tokens = sentence.tokens
    if match.pattern == "english":
        return match.score
    if not tokens:
        return match.score if len(match.term) > 1 else 0.0
    base = sentence.start
    cue_start, cue_end = base + match.cue_start, base + match.cue_end
    # Punctuation inside the cue (，即) is its own token; check the word part of the cue.
    word_start = cue_start + len(re.match(r"[，,\s]*", sentence.text[match.cue_start:match.cue_end]).group(0))
    if not _on_boundaries(tokens, word_start, cue_end):
        return 0.0
    if match.pattern == "is_genus":
        words = [t for t in tokens if t.pos != "w"]
        if not words or words[-1].pos not in NOUNISH:
            return 0.0  # X是……的 + a verb or an adjective is a statement, not a genus
    term_start, term_end = base + match.term_start, base + match.term_end
    term_tokens = [t for t in tokens if t.start >= term_start and t.end <= term_end]
    if not term_tokens:
        return match.score * 0.6 if len(match.term) > 1 else 0.0  # the user dictionary or LAC merged the term with its neighbours
    last = term_tokens[-1]
    if len(match.term) == 1 and not (len(term_tokens) == 1 and last.pos in NOUNISH):
        return 0.0
    if last.pos in NOUNISH or last.pos in ("nz", "xc", "m", "q") or (last.pos == "v" and len(term_tokens) > 1):
        return match.score
    if last.pos in ("r", "u", "p", "c", "d", "w"):
        return 0.0
    return match.score * 0.7


def english_flags(texts: list[str]) -> list[bool]:
    """For each English sentence: is it a definition (patterns only)."""
    flags = []
    for text in texts:
        match = _match(text)
        flags.append(match is not None and match.pattern == "english")
    return flags


def classify(texts: list[str], terms: Iterable[str] = ()) -> list[Match | None]:
    """For plain sentences (the evaluation harness): the match, with its word-checked score, or None."""
    sentences = [Sentence(0, len(t), t, i) for i, t in enumerate(texts)]
    return [m for m, _ in _run(sentences, terms)]


def _run(sentences: list[Sentence], terms: Iterable[str]) -> list[tuple[Match | None, Sentence]]:
    matches = [_match(s.text) if _CUE_HINT.search(s.text) else None for s in sentences]
    to_check = [s for s, m in zip(sentences, matches) if m is not None and m.pattern != "english"]
    outputs = lac_shim.run([s.text for s in to_check], "lac", terms) if to_check else []
    from toolkit.mining.analysis import Token

    for sentence, (words, tags) in zip(to_check, outputs):
        position, tokens = 0, []
        for word, tag in zip(words, tags):
            found = sentence.text.find(word, position)
            found = position if found < 0 else found
            tokens.append(Token(word, tag, 1, sentence.start + found, sentence.start + found + len(word)))
            position = found + len(word)
        sentence.tokens = tokens
    result = []
    for sentence, match in zip(sentences, matches):
        if match is not None:
            match.score = _checked(match, sentence)
            if match.score <= 0:
                match = None
        result.append((match, sentence))
    return result


def mine(document: Document, terms: Iterable[str] = (), threshold: float = 0.5) -> list[Candidate]:
    """Defining sentences of a document, in document order."""
    candidates = []
    for match, sentence in _run(split_sentences(document), terms):
        if match is None or match.score < threshold:
            continue
        location = document.locate(sentence.start, sentence.end)
        location["termStart"] = sentence.start + match.term_start
        location["termEnd"] = sentence.start + match.term_end
        candidates.append(Candidate("definitions", match.score,
                                    {"term": match.term, "sentence": sentence.text.strip(), "pattern": match.pattern},
                                    location))
    return candidates
