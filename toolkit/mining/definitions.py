"""Definitions: the sentence that defines a term, found by the cue patterns of Chinese (and English)
textbooks, with the term it defines. Cheap patterns pick candidate sentences; LAC then checks that
the cue stands on word boundaries (是指 in 他是指导老师 does not) and that the term is a noun phrase.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Iterable

from toolkit.mining import lac_shim
from toolkit.mining.analysis import NOUNISH, Sentence
from toolkit.mining.english_tokens import is_english
from toolkit.mining.normalise import wrapped_sentences
from toolkit.mining.candidates import Candidate
from toolkit.mining.documents import Document

T = r"(?P<term>[^，,。；;：:！？!?“”\"]{1,30}?)"  # a term before the cue
LEAD = r"(?:^|(?<=[，,：:]))\s*"
# Class words a definition's genus ends in (X是……的过程); LAC tags some of them verbs (活动, 运动, 变化).
CLASS_WORDS = ("总称|统称|简称|合称|过程|方法|现象|能力|集合|学科|科学|理论|技术|方式|结构|机制|规律|活动|行为|状态|关系|性质|程度|比值|量|数|值"
               "|函数|序列|变化|运动|物质|物体|化合物|元素|概念|思想|原则|系统|模型|算法|协议|装置|器件|电路|组织|细胞|制度|形式|体系|总和|部分|条件"
               "|反映|认识|联系")


_GENUS_THEN_IT = r"[^。；;，,]{2,}的[^的。；;，,]{1,10}(?=[，,]\s*(?:它(?:的|是|也|又)|其(?![中他它余实次])|这(?:种|一|个|些)))"


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
    _p("is_the", LEAD + T + r"\s*(?P<cue>是|为)(?=[^。；;]{2,}的(?:" + CLASS_WORDS + r")[。；;，,]?)", 0.75),
    # The plainest definition: X是……的N。 (genus last); word checks below require N to be a noun.
    # …or the genus closes the first clause and the next goes on about the same subject (…的正确反映，它的本性…).
    _p("is_genus", LEAD + T + r"\s*(?P<cue>是|就是)(?=[^。；;]{2,}的[^的。；;，,]{1,10}[。；;]?$|" + _GENUS_THEN_IT + ")", 0.62),
]
EN_PATTERNS = [
    re.compile(r"^(?:An?\s+|The\s+)?(?P<term>[A-Za-z][\w\- ]{1,50}?)\s+(?P<cue>is defined as|are defined as|refers to|refer to|is called|means)\s", re.I),
    re.compile(r"^(?:An?\s+|The\s+)?(?P<term>[A-Za-z][\w\- ]{1,50}?)\s+(?P<cue>is an?|are)\s+[\w\- ,]+?\s+(?:that|which|in which|whose)\s", re.I),
]
_CUE_HINT = re.compile(r"所谓|定义|称[^，,。]{0,10}为|是指|指的是|系指|称之为|称为|称作|叫做|叫作|简称为|记作|即|也就是|是一|为一|是|defined as|refers? to|is called|means|is an?\s|are\s", re.I)
PRONOUNS = ("这", "那", "它", "他", "她", "其", "此", "该", "我", "你", "本", "上述", "下面", "以下", "如下", "有人", "这些", "那些")
LEAD_WORDS = re.compile(r"^(?:所谓的?|一般(?:地说?|说来|而言)|一般来说|通常|简单地说|简单来说|也就是说|在[^，,]{1,12}中|我们把|我们将|人们把|把|将|而|但|则|所以|因此|其中|首先|其次|最后|例如)\s*")
# "X是一门重要的课程" praises, it does not define: the genus must not be only an evaluation.
EVALUATIVE = re.compile(r"^(?:非常|十分|很|最|比较|极其|相当)?(?:重要|常见|常用|有效|基本|简单|复杂|典型|有趣|困难|关键|核心|必要|好|新|难|有用|经典|主要|基础)的")
# X是…的一项重要措施 / 一门重要课程 / 首要形式和根本内容 / 一门实践性很强的科学: the genus rates the thing
# (how important, reliable, common it is) instead of saying what it is.
_RATED_GENUS = re.compile(r"(?:^|的)\s*(?:一[个种类门项套条]|[两三四五六七八九十几]+[个种类门项])?\s*(?:重要|关键|核心|首要|可靠|有效|常用|常见|典型|经典|标准(?![差化型件分]))"
                          r"[\u4e00-\u9fff、和与及]{0,8}\s*$|(?:很|非常|十分|极其|极为|相当)[\u4e00-\u9fff]{1,2}的")
_QUANTIFIER = re.compile(r"^(?:一种|一类|一门|一个|一项|一套|一组|[一两三四五六七八九十几]+[个种类门项])")
# "X是……之一" ranks X among others, it does not say what X is.
_ONE_OF = re.compile(r"之一[。；;．]?$|的(?:一部分|组成部分)[。；;．]?$|最(?:重要|普遍|常用|广泛|基本|早|先)[^，,。；;]{0,4}的"
                     r"|的一[个项](?:内容|方面|环节)(?=[，,。；;．]|$)")
def _evaluative(said: str) -> bool:
    """What follows the cue praises or ranks the term (EVALUATIVE at its start, _RATED_GENUS in its first clause)."""
    return bool(EVALUATIVE.match(_QUANTIFIER.sub("", said.lstrip())) or _RATED_GENUS.search(re.split(r"[，,；;。．]", said)[0].rstrip()))


MIN_TERM, MAX_TERM = 1, 24  # one character only when LAC calls it a noun (栈, 树, 力)


def _clean_term(term: str) -> str:
    term = term.strip(" 　\"'“”‘’《》「」【】")
    while True:
        stripped = LEAD_WORDS.sub("", term)
        if stripped == term:
            break
        term = stripped
    return term.strip(" 　\"'“”‘’《》「」【】")


# 被称为现代经济学之父: an honorific names a person's standing, not a term.
_HONORIFIC = re.compile(r"之(?:父|母|祖|乡|都|王)$")


def _term_ok(term: str) -> bool:
    if not (MIN_TERM <= len(term) <= MAX_TERM):
        return False
    if term.startswith(PRONOUNS) or term.isdigit():
        return False
    if re.search(r"[是的了吗呢吧啊]$", term) or _HONORIFIC.search(term):
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
    # Where a glossary description may name its class: the words after the last 的 of a clause
    # (LAC-checked in _run, one must end in a noun); empty when the description needs no class word.
    genus: tuple[tuple[int, int], ...] = ()
    # A glossary description with no class word: its first clause, which must hold a verb (LAC, in _run).
    predicate: tuple[int, int] | None = None
    # With a would-be class word that LAC finds is none: the first clause may still say what the head does.
    fallback_predicate: tuple[int, int] | None = None


def _shift(found: Match, shift: int) -> None:
    for name in ("term_start", "term_end", "cue_start", "cue_end"):
        setattr(found, name, getattr(found, name) + shift)
    found.genus = tuple((start + shift, end + shift) for start, end in found.genus)
    if found.predicate is not None:
        found.predicate = (found.predicate[0] + shift, found.predicate[1] + shift)


def _match(text: str) -> Match | None:
    """The best pattern match in one sentence, before any word-level check."""
    body = text.strip()
    for pattern in PATTERNS:
        for found in pattern.regex.finditer(body):
            term = _clean_term(found.group("term"))
            if pattern.name in ("called", "call_it") and "的" in term:
                term = term.rsplit("的", 1)[1]  # 叫做这种物质在这种溶剂里的溶解度
            if not _term_ok(term) or (len(term) > 4 and "是" in term) or _TRAILING_ADVERB.search(term):
                continue  # 度是保持…的数量界限，即…, 量变就|是…: a clause or a statement; a later pattern may fit
            start = found.start("term") + found.group("term").rfind(term)
            genus = _QUANTIFIER.sub("", body[found.end("cue"):])
            if pattern.name in ("is_a_kind", "is_genus", "is_the") and (_evaluative(genus) or _ONE_OF.search(body)):
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
        rest = sentence.text[match.cue_end:]
        first_clause = re.match(_GENUS_THEN_IT, rest) if not re.search(r"的[^的。；;，,]{1,10}[。；;]?$", rest) else None
        limit = base + match.cue_end + first_clause.end() if first_clause else None
        words = [t for t in tokens if t.pos != "w" and (limit is None or t.end <= limit)]
        if not _class_word(words):
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


# ---------------------------------------------------------------------------------------------
# Chinese definitions on normalised sentences. The term is the sentence-initial noun phrase before
# 是/指/称为/（英语…）/，也称, or the phrase right after 称为/称作/叫做/简称/即; textbooks that set the
# term in bold (Markdown marks) name it exactly. Tried before the older patterns above.

_NP = r"[\w\u4e00-\u9fff\- ′'’/·]"
_GLOSS = r"(?:\s*[（(][^（）()]{1,60}[）)])?"
_AKA = r"(?:[，,]\s*(?:又称|也称|也叫|又叫|简称|亦称|或称|英文名?(?:称|字)?(?:叫做?|为|是)?|英语(?:叫做?|为|是)?)[^，,。．；;]{1,30})*"
# An encyclopedia opening: 哈希表（英语：Hash table），也称散列表，是… The gloss or the other name marks the
# term being introduced, so a bare 是 after it defines.
_INTRODUCED = re.compile(r"[（(]\s*(?:英语|英文)?[：:]?\s*[A-Za-z]|[，,]\s*(?:又称|也称|也叫|又叫|亦称|或称|英文|英语)")
_HEAD_CUE = re.compile(r"^(?P<head>" + _NP + r"{1,20}?)" + _GLOSS + _AKA +
                       r"\s*(?P<cue>[，,]?\s*(?:(?:均|都|也|常|多|一般|通常|往往|主要)(?=是指|指的是|指))?(?:是指|指的是|就是指|通常指|一般指|(?:可以|可|通常|一般)?被?定义为|的定义是[：:]?|是一种|是一类|是一个|是一棵|是一门"
                       r"|是一组|是一系列|是由(?!于)|是用于|是用来|的意思(?:就)?是|的含义(?:就)?是|就是|是|指(?![令针标数南出导向挥示引点责望回，,。．；;、）)]|定(?!义))|表示|[：:]"
                       r"|(?<=[\u4e00-\u9fff]{2})即(?![使便可将时刻日位兴席为是])))")
_AFTER_CUE = re.compile(r"(?P<cue>(?:被|则|就|常|也|统)?(?:(?<![声号堪著对自宣俗昵名])称之?为|称作|称做|叫做|叫作|(?<![喊大尖呼又])叫(?![醒喊声嚷卖好做作])|简称为?|统称为?|记作|又称|也称|定义为|即为?|就是)"
                        r"|(?<![声号堪著对自宣俗昵名简])称(?P<object>(?:[^，,。．；;为是]|,(?=\S)){1,20})(?:为|是))\s*")
# A bold term closing a naming clause: 则称 p 为 **素数**，称这 t 个整数为模 m 的 **既约剩余系**、…，
# 若…，则 f(n) 为 **积性函数**．Between the cue and the term at most a modifier ending in 的.
_NAMING_BEFORE_BOLD = re.compile(r"(?:(?<![声号堪著对自宣俗昵名])(?:称之?为|称作|称做|叫做|叫作|统称为?|称(?:[^，,。．；;为是]|,(?=\S)){1,24}(?:为|是))"
                                 # 则称 a 和 b **互素**: the predicate named, with no 为
                                 r"|(?:则|就|我们|那么)称(?!之?为)[^，,。．；;]{1,24}?"
                                 r"|^(?:在[^，,。]{1,12}[中里上]\s*[，,]\s*)?(?:若|如果|假设|假如|设|当)[^。；;]*[，,]\s*(?:则|那么|就)[^，,。．；;为是]{0,24}(?:为|是))"
                                 r"\s*(?:[^，,。．；;：:为是]{0,12}的)?\s*$")
_CLAUSE_END = re.compile(r"^\s*(?:[（(][^（）()]{0,60}[）)])?\s*(?:[。．；;，,、]|或|和|$)")
# After a first naming, what the construction yields, in bold: 指定一个结点称为 **根**，则形成一棵 **有根树**．
_CONSTRUCTION = re.compile(r"(?:则|就|便|即可|从而)(?:形成|构成|组成)了?(?:一[棵个种类条组张])?\s*$")
# The clause after a comma that names one more bold term: …，a 是 b 的 **约数**．
_LATER_NAMING = re.compile(r"[，,；;]\s*[^，,。．；;]{0,24}(?:是|为)\s*(?:[^，,。．；;：:为是]{0,12}的)?\s*$")
# Sentence openings that start a statement, a condition or a step, not a term.
_NOT_TERM_START = re.compile(r"^(?:如果|若|设(?![计备施置])|假设|假如|当|对于|由于|因为|因此|所以|但|但是|而|则|又|且|即|也|注意|可以|可见|我们|你|这|那|它|其|此|该|"
                             r"每|各|下列|下面|以下|上述|上面|图中|其中|显然|易知|首先|然后|最后|例如|比如|一般(?=情况|来说|而言|地|说|认为|是|都|会|可|能|用|采用|需|要|应|不|没|只|在|把|将|由|有|为|指|称|叫|[，,\s])|通常|在|从|把|将|与|和|给定|考虑|根据|"
                             r"虽然|没有|所有|任意|任何|一些|有些|有的|有时|什么|如何|为什么|本文|本节|本章|本书|于是|顾名思义|随便|实际上|事实上|换言之|"
                             r"也就是说|简单来说|总之|另外|此外|同时|同样|类似地|特别地|具体地|进一步|又由于|一台|"
                             r"并(?![查发行联列购集]))")  # 并运用上述原理说明…: a clause goes on; 并查集 is a term
_LABELS = frozenset("证明 注意 提示 例 例题 解 解答 性质 定理 引理 推论 步骤 约定 备注 说明 思路 做法 方法 过程 实现 代码 题意 题目 输入 输出 样例 答案 "
                    "优点 缺点 特点 作用 用途 应用 原理 结论 总结 小结 目的 要求 意义 参考 来源 时间复杂度 空间复杂度 复杂度".split())
_GENUS_END = re.compile(r"的\s*[\w\u4e00-\u9fff ]{1,12}[。．；;！!]?$|^一[种类个棵门组系项]")
_EVALUATION = re.compile(r"^(?:非常|十分|很|最|比较|极其|相当|不)?(?:重要|常见|常用|有效|简单|复杂|典型|有趣|困难|关键|必要|好|难|有用|经典|正确|唯一|可能|可以|成立)")


_ENGLISH_NAME = re.compile(r"^(?P<term>" + _NP + r"{1,20}?)\s*[，,]\s*(?P<cue>(?:其)?英文(?:名称?|名字)?(?:叫做?|为|是)?)\s*[A-Za-z]")
_LEAD_IN = re.compile(r"^(?:一个|一棵|一种|所谓的?|在[^，,。]{1,12}[中里上]\s*[，,])\s*$")
_QUOTED_DEFINE = re.compile(r"定义\s*[「“『](?P<term>[^」”』]{1,20})[」”』]\s*为")


_NOTATION_NEXT = r"记作|记为|记成|用[^，,。．；;]{1,12}表示|简称|也称|又称|或称|英文|英语"
_OWNER = re.compile(r"^[^，,。．；;：:的]{1,12}的\s*$")
# List labels of a proof or a procedure, not terms: **基本情况**：…, **第一步**：…, **选取与合并**：从…
_STEP_LABEL = re.compile(r"^(?:基本情况|归纳(?:假设|步骤|基础|奠基|证明|递推)|第[一二三四五六七八九十\d]+(?:步|阶段|种情况|种|轮|部分)?"
                         r"|步骤\s*[一二三四五六七八九十\d]*|情况\s*[一二三四五六七八九十\d]+|情形\s*[一二三四五六七八九十\d]*|充分性|必要性"
                         r"|初始化|初始状态|初始条件|边界条件|边界|终止条件|转移方程|状态转移方程|状态转移|状态|转移|答案|目标|结论|引理\s*\d*|断言|命题"
                         r"|[\u4e00-\u9fff]{1,3}(?:与|和|及|或)[\u4e00-\u9fff]{1,3})$")
_STEP_START = re.compile(r"^\s*(?:从|将|把|令|重复|然后|先|再|接着|首先|依次|不断|每次)")


def _step_label(term: str, description: str, cue: str) -> bool:
    """A label of a list item that is a step or a case, not a defined term."""
    if _STEP_LABEL.match(term):
        return True
    return cue.strip()[-1:] in ("：", ":") and bool(_STEP_START.match(description))


def _strip_term(term: str) -> str:
    term = re.sub(r"[（(][^（）()]*[）)]\s*$", "", term.strip())
    term = re.sub(r"^(?:一个|一棵|一种|一类|所谓的?|我们(?:把|将|称)?|定义)\s*", "", term)
    return term.strip(" 　「」『』“”\"'《》【】:：,，")


# An adverb glued to the end of a subject (约数总是指…, 度数都是…) shows a statement, not a term;
# the lookbehinds keep the words that end in the same characters (原则, 首都, 方便).
_TRAILING_ADVERB = re.compile(r"(?:(?<![规法准原细守否总])则|(?<![首国古成京])都|(?<![方顺随简轻])便|(?<!汇)总|(?<![归偿])还"
                              r"|也|均|就|必定|一定|必然|却|仍|才|往往|通常|一般)$")


def _term_like(term: str) -> bool:
    if not term or len(term) > 20 or term in _LABELS or _NOT_TERM_START.match(term) or _TRAILING_ADVERB.search(term) \
            or _HONORIFIC.search(term):
        return False
    if not re.search(r"[\u4e00-\u9fff]|[A-Za-z]{2}", term) or re.search(r"(?:[的了吗呢吧啊是]|(?<!存)在)$", term):  # 存在 ends nouns: 社会存在
        return False
    return not re.search(r"\s\S+\s\S+\s", term)  # not a clause of spaced symbols


# A glossary line of review notes (名词解释): 物质：不依赖于人类的意识而存在…的客观存在；运动：运动是…
# Its head names the term when what follows says what the term is: a cue (是指, 指, 即), the head
# again with its cue, or a description ending in its genus (…的客观存在, …的那部分资本). Heads that
# name an aspect of a topic (测控系统的基本功能：…, 作用：…) head lists, not definitions.
_GLOSSARY = re.compile(r"^(?P<head>[^：:，,。；;、（）()\[\]【】\s\d—][^：:，,。；;、（）()\[\]【】—]{0,11}?)\s*(?P<defined>的?定义)?\s*(?:[：:]|——)\s*(?=\S)")
_ASPECT_WORDS = (r"(?:作用|特点|特征|特性|功能|组成|组成部分|结构|类型|分类|种类|方法|方式|内容|要求|意义|表现|原因|关系|步骤|措施"
                 r"|来源|形式|原理|区别|条件|问题|优点|缺点|目的|用途|应用|性质|观点|含义|要点|要领|注意点|注意事项)")
# 测控系统的基本功能：…, 价值规律的作用：…, 观点：…: an aspect of a topic heads a list.
_ASPECT_HEAD = re.compile(r"(?:^|的(?:基本|主要|重要|几个|两个|三个|四个)?)" + _ASPECT_WORDS + r"$|^(?:理解|对立|分析|答|注|引入|设计|选择|特殊性|同一性)$|(?:辩证|相互|对立统一)关系$")
# A bare description (no 是/指) also fails after any head ending in an aspect word: 数据采集电路作用：…
_ASPECT = re.compile(_ASPECT_WORDS + r"$")
_NOT_GLOSSARY_HEAD = re.compile(r"^(?:第[一二三四五六七八九十\d]+|其[一二三四五六七八九十]|(?:例|习题|练习|题)\s*[\d\-一二三四五六七八九十]|的)|(?:有|包括|包含|分为|如下|在于)$|有[一二三四五六七八九十两几]"
                                r"|(?:强调|指出|说|认为|表示|提出|规定|问|写道)$"  # 某某强调：… is a quotation
                                # 实验二：…, 解法二：…, 方法一：…: numbered units of a text
                                r"|(?:实验|解法|方法|例|步骤|情况|情形|问题|题|任务|练习|部分|阶段|单元|章|节)\s*[一二三四五六七八九十\d]+$")
# 限幅滤波：适用于…, 中位值滤波：能克服…: what a thing is good for, not what it is.
_USE_START = re.compile(r"^(?:适用|适合|用于|能|可以?|会|需要|应|要|具有|有(?!机))")  # 需要, not 需 of 需求
# …but one clause 能…的N is a noun phrase, the thing that can (资本：能够带来剩余价值的价值。)
_ABLE_NOUN = re.compile(r"能够?[^，,。；;．]{2,30}的[^的，,。；;．]{1,6}[。；;．]?")
_GLOSSARY_CUE = re.compile(r"^(?P<cue>是指|指的是|就是指|一般指|通常指|主要是指|主要指|就是|是|指(?![令针标数南出导向挥示引点责望回，,。．；;、）)])|即|亦即|也就是)")
_GENUS_TAIL = re.compile(r"的\s*[\w\u4e00-\u9fff、 ]{0,11}[^的\s、。．.；;][。．.；;]?$")
# X是…的基础/前提/动力/创造者: a role the thing plays, said of a term defined elsewhere.
_ROLE_GENUS = re.compile(r"(?:基础|前提|条件|来源|源泉|动力|目的|标准|结果|准备|主体|创造者|承担者|基石|关键|根源|统一|关系问题|要务"
                         r"|决定力量|根本动力|属性|表现形式|精髓|产物|结晶|总结|指南|途径|手段|保证|组成部分|体现|基本点|法宝|要求)$")
# A description that opens with a condition (当…时, 若…, 只有…的时候) tells a case or a step, not a class.
# The head's other name before what it is: 社会存在：社会存在也称社会物质生活条件，是… defines 社会存在.
_ALIAS_CLAUSE = re.compile(r"^(?:也称|又称|亦称|或称|简称|也叫做?|又叫做?)[^，,。．；;：:]{1,30}[，,]\s*(?=\S)")
_CONDITION = re.compile(r"^\s*(?:当(?![事前地代今局然])|若|如果?|假如|假设|只有|只要|一旦|每当|直到|已知|作为|除了?[^，,。；;]{1,30}(?:外|以外|之外))")
_ASKING = re.compile(r"^\s*(?:什么|如何|怎样|怎么|哪|多少|为什么|为何|是否)")


def _genus_after(rest: str) -> str:
    """The noun after the last 的 of the description's first clause, or of its last clause."""
    tails = []
    for clause in (re.split(r"[，,；;。．]", rest)[0], re.split(r"[，,；;。．]", rest.rstrip("。．.；; "))[-1]):
        found = re.search(r"的\s*([^的，,；;。．]{1,12})\s*$", clause.strip())
        if found:
            tails.append(found.group(1).strip())
    return " ".join(tails)


def _role_genus(rest: str) -> str:
    """The genus a description ends in: its last clause's when that clause goes on about the same
    subject (…的基础，是…的物质力量), else its first clause's (…的客观来源，社会意识是…)."""
    clauses = [c.strip() for c in re.split(r"[，,；;。．]", rest.rstrip("。．.；; ")) if c.strip()]
    chosen = clauses[-1] if len(clauses) > 1 and re.match(r"^(?:是|也是|又是|为)", clauses[-1]) else (clauses[0] if clauses else "")
    found = re.search(r"的\s*([^的]{1,12})$", chosen)
    return found.group(1).strip() if found else ""


# A glossary head with a bracketed part: 平凡约数（平凡因数）：… (another name), 最小非负（完全）剩余系：… (a
# word that may be left out). The term is the head without it.
_BRACKETED_HEAD = re.compile(r"^(?P<before>[^：:，,。；;、（）()\[\]【】\s\d][^：:，,。；;、（）()\[\]【】]{0,23}?)[（(](?P<inside>[^（）()：:，,。]{1,16})[）)]"
                             r"(?P<after>[^：:，,。；;、（）()\[\]【】—]{0,8}?)\s*(?:[：:]|——)\s*(?=\S)")
# A head that names a mathematical object may be defined by a formula alone: 单位函数：ε(n)=[n=1]．
_FORMULA_OBJECT = re.compile(r"(?:函数|剩余系|余数|数目|之和|之积|数列|序列|集合|矩阵|向量|多项式)$")
_FORMULA_START = re.compile(r"^[^\u4e00-\u9fff，,。．；;]{1,60}?[=＝]")


def _bracketed_glossary_match(body: str) -> Match | None:
    """A glossary line whose head holds a bracketed other name or optional word, read as the line
    without it; the term spans the head as the text writes it."""
    head = _BRACKETED_HEAD.match(body)
    if head is None:
        return None
    plain = head.group("before") + head.group("after")
    found = _glossary_match(plain + ("——" if "——" in head.group(0) else "：") + body[head.end():])
    if found is None:
        return None
    shift = head.end() - (len(plain) + 1)
    return Match(found.term, 0, len(head.group(0).rstrip("：: ")), found.cue_start + shift, found.cue_end + shift,
                 found.pattern, found.score)


def _restates_term(term: str, rest: str) -> bool:
    """The description closes on the term itself: 平凡约数：对于整数 b≠0，±1、±b 是 b 的平凡约数．"""
    return bool(re.search(r"(?:是|为|称为|叫做|称作)[^。．；;]{0,30}?的?\s*" + re.escape(term) + r"\s*[。．；;]?$", rest.rstrip()))


_RESTATED_HEAD = re.compile(r"^(?P<name>[\u4e00-\u9fffA-Za-z][^，,。．；;：:（()）、\s]{1,11}?)\s*(?=就是|是指|指的是|是(?!否))")


def _same_name(term: str, name: str) -> bool:
    """Two names of one thing: one holds the other (革命英雄主义 / 革命英雄主义精神), or the shorter's
    characters stand in the longer in order from its first (兵制 / 兵役制度)."""
    short, long = sorted((term, name), key=len)
    if len(short) < 2 or short == long:
        return False
    if short in long:
        return True
    position = 0
    for char in short:
        position = long.find(char, position)
        if position < 0:
            return False
        position += 1
    return short[0] == long[0]


# A Latin name after the term is its gloss: 属 Genus：…, 亚种 subspecies（缩写 subsp.）：…
_LATIN_GLOSS_HEAD = re.compile(r"^(?P<term>[\u4e00-\u9fff]{1,12})\s*(?P<latin>[A-Za-z][A-Za-z .\-]{1,40}?)\s*(?=[：:（(])")


def _glossary_match(body: str, glossed: bool = False) -> Match | None:
    latin = None if glossed else _LATIN_GLOSS_HEAD.match(body)
    if latin:
        found = _glossary_match(latin.group("term") + body[latin.end():], glossed=True)
        if found is not None:
            shift = latin.end() - len(latin.group("term"))
            return Match(found.term, found.term_start, found.term_end, found.cue_start + shift, found.cue_end + shift,
                         found.pattern, found.score, found.genus and tuple((a + shift, b + shift) for a, b in found.genus),
                         found.predicate and (found.predicate[0] + shift, found.predicate[1] + shift),
                         found.fallback_predicate and (found.fallback_predicate[0] + shift, found.fallback_predicate[1] + shift))
        return None
    head = _GLOSSARY.match(body)
    if head is None:
        return _bracketed_glossary_match(body)
    term = _strip_term(head.group("head").lstrip("※* "))
    rest = body[head.end():].strip()
    # A dash sets off a gloss too (中药鉴定学——对…进行鉴定的科学), but also periods (清朝末年——建国初期),
    # pairs in quotes and runs of options (A. 战争工具——信息主导 B. …): one dash, a long first clause, a class word.
    dashed = "——" in head.group(0)
    if dashed and (body.count("——") > 1 or re.search(r"[“”\"「」『』]", head.group("head"))
                   or len(re.findall(r"[\u4e00-\u9fff]", re.split(r"[，,；;。．]", rest)[0])) < 8):
        return None
    said_cue = re.search(r"(?:是指|指的是|就是指|是|即)$", term)  # 价值规律是指：…
    if said_cue:
        term = re.sub(r"的?定义$", "", term[:said_cue.start()]).strip()  # 强连通的定义是：…
    closes_on_term = bool(term) and _restates_term(term, rest) and (len(term) >= 2 or glossed) and not _ASPECT.search(term)
    if not term or term in _LABELS or _ASPECT_HEAD.search(term) and not head.group("defined") or not _term_like(term) \
            or _NOT_GLOSSARY_HEAD.search(term) or (_step_label(term, body[head.end():].strip(), "：") and not closes_on_term):
        return None
    if not re.search(r"[\u4e00-\u9fff]", term) or re.search(r"可以|得出|参见|需要|应该|如下|以下", term) or body[head.end() - 1:head.end() + 1] == "::":
        return None  # a Chinese noun phrase, not a clause (由此可以得出：…) nor code (std::stack)
    if len(term) == 1 and not re.match(r"[\u4e00-\u9fff]", term):
        return None
    formula_only = _FORMULA_START.match(rest) or not re.search(r"[\u4e00-\u9fff]", re.split(r"[。．；;]", rest)[0])
    if _FORMULA_OBJECT.search(term) and formula_only and not re.search(r"定理|定律|公式|方程|性质|条件|关系|法则|原理", term):
        offset = body.find(term)
        return Match(term, offset, offset + len(term), head.end() - 1, head.end(), "glossary", 0.85)
    if closes_on_term:
        offset = body.find(term)
        return Match(term, offset, offset + len(term), head.end() - 1, head.end(), "glossary", 0.85)
    if re.match(r"^(?:[\d①-⑳]|[（(]\s*\d|第[一二三四五六七八九十])", rest) or re.search(r"→|[＝=]", rest):
        return None  # a numbered list or a formula follows: 作用：1、…
    if _compact_text(rest).startswith(_compact_text(term)):
        rest = _ALIAS_CLAUSE.sub("", rest[_consumed(rest, term):].lstrip(), count=1)  # 运动：运动是标志…
        if not _GLOSSARY_CUE.match(rest):
            return None
    else:
        rest = _ALIAS_CLAUSE.sub("", rest, count=1)
        # The head again under a fuller or shorter name before its cue: 兵制：兵役制度是…的法律制度；
        # 革命英雄主义精神：革命英雄主义就是…的革命精神．
        restated = _RESTATED_HEAD.match(rest)
        if restated and _same_name(term, restated.group("name")):
            rest = rest[restated.end("name"):].lstrip()
    cue = _GLOSSARY_CUE.match(rest)
    first_clause = re.split(r"[，,；;。．]", rest)[0]
    genus_spans: list[tuple[int, int]] = []
    predicate = fallback = None
    genus = _genus_after(rest)
    if head.group("defined") or said_cue:
        ok = len(re.findall(r"[\u4e00-\u9fff]", rest)) >= 4
    elif cue and cue.group("cue") not in ("是", "就是"):
        ok = not _ASKING.match(rest[cue.end():])
    else:
        said = rest[cue.end():] if cue else rest
        said_start = len(body) - len(said)
        unpunctuated = said.rstrip("。．.；; ")
        raw_clauses = re.split(r"[，,；;。．]", unpunctuated)
        clause_starts = [0] + [m.end() for m in re.finditer(r"[，,；;。．]", unpunctuated)]
        clauses = [c.strip() for c in raw_clauses]
        # the genus closes the first or the last clause, or one that a continuation follows (…的认识，包括…)
        chosen = [i for i, c in enumerate(clauses) if _GENUS_TAIL.search(c) and not _CONDITION.match(c)
                  and (i in (0, len(clauses) - 1) or re.match(r"(?:包括|包含|即|是|具有|它|其)", clauses[i + 1]))]
        ok = (bool(chosen) and not first_clause.rstrip().endswith("的") and not _evaluative(said)
              and not _ASKING.match(said))
        # The class word itself is checked by LAC in _run, as is_genus checks its genus: 的物理量 passes,
        # 的长度等于 k (a clause, no class word) does not.
        genus_spans = []
        for i in chosen:
            tail = _GENUS_TAIL.search(clauses[i])
            clause_at = said_start + clause_starts[i] + len(raw_clauses[i]) - len(raw_clauses[i].lstrip())
            genus_spans.append((clause_at + tail.start() + 1, clause_at + tail.start() + len(tail.group(0).rstrip("。．.；; "))))
        if not cue:  # a bare description in words: no statement about something else, no list of items
            # With no class word at all, a one-sentence description of what the thing is or does may
            # still define it (浮地系统：系统与大地绝缘，…); with one, the class word must pass LAC, or
            # else (…仅由该时刻的输入信号决定: the 的 was no class word's) the description be such a one.
            described = _plain_description(term, said)
            plain = not ok and not chosen and described and not dashed
            if described:
                fallback = (said_start, said_start + len(re.split(r"[，,；;。．]", said)[0]))
            if plain:
                genus_spans = []
                predicate = fallback
            ok = (ok or plain) and bool(re.match(r"[\u4e00-\u9fff]", rest)) and not _CONDITION.match(said) \
                and "是" not in first_clause and not (_USE_START.match(rest) and not _ABLE_NOUN.fullmatch(rest.strip())) \
                and len(re.findall(r"(?<!的)、", first_clause)) < 2 and not _ASPECT.search(term) \
                and not (_ASPECT.search(genus or "") and not re.search(r"(?:种类|类型|类别|措施|方法|方式|形式)$", genus or "")) \
                and not _ROLE_GENUS.search(_role_genus(rest))
    if not ok:
        return None
    offset = body.find(term)
    found = Match(term, offset, offset + len(term), head.end() - 1, head.end(), "glossary", 0.85)
    found.genus = tuple(genus_spans)
    found.predicate = predicate
    found.fallback_predicate = fallback if genus_spans else None
    return found


def _plain_description(term: str, said: str) -> bool:
    """A glossary description with no class word that may still say what its head is: one sentence in
    words, opening with neither a condition, a given, a step, a use nor a question; not a list of names
    (硬件消抖法、软件消除法), not a rule or an argument (必须…, …但…); its head not a count (两种保持器),
    a number (法 1), a condition (零初始条件下) nor a form field spaced out (委 员：…)."""
    body = said.rstrip("。．.；; ")
    first = re.split(r"[，,；;。．]", body)[0]
    words = len(re.findall(r"[\u4e00-\u9fff]", first))
    return (words >= 6 and ("、" not in body or words >= 12) and not re.search(r"[；;。．！!？?：:]|\d\s*[.．、]", body)
            and not _CONDITION.match(body) and not _STEP_START.match(body) and not _ASKING.match(body)
            and not re.search(r"但|必须|应该|应当|要会|需要", body) and not first.rstrip().endswith("的") and len(body) <= 80
            and not re.search(r"\d|[两几一二三四五六七八九十]+[种个类条项]|(?:条件|情况)?下$|时$|[\u4e00-\u9fff]\s+[\u4e00-\u9fff]", term))


def _bold_after_naming(body: str, marks: list[tuple[int, int]]) -> Match | None:
    """The first bold term that closes a naming clause (_NAMING_BEFORE_BOLD)."""
    for start, end in marks:
        cue = _NAMING_BEFORE_BOLD.search(body[:start])
        if cue is None or not _CLAUSE_END.match(body[end:]):
            continue
        term = _strip_term(body[start:end])
        if _term_like(term):
            offset = body.find(term, start)
            return Match(term, offset, offset + len(term), cue.start(), cue.end(), "named_bold", 0.93)
    return None


_DECLARED = re.compile(r"^\s*(?:定义|约定)\s*[\d.]*\s*[：:]\s*")
# An opener that sets the scene before the term: 在图论中，…; 顾名思义，…; 形式化地说，…
_OPENING = re.compile(r"^\s*(?:在[^，,。；;]{1,12}[中里上]|顾名思义|简单(?:地|来)说|一般(?:地|来说)|通常来说|通俗(?:地)?(?:讲|说)|直观(?:地|上)(?:说|讲)?"
                      r"|严格(?:地|来)说|形式化地(?:说)?|具体(?:地|来)说|换句话说|也就是说|数学上|直观上)\s*[，,]\s*"
                      # 这里的异或和指的是…: the term as this text uses it
                      r"|^\s*(?:这里|此处|本文|文中|本节|本章|下文|上文)中?(?:所说)?的\s*(?=[\u4e00-\u9fff][^，,。；;]{0,19}?(?:是指|指的是|指|定义为|被定义为))")
# The subject left unsaid and the English name given: 英文名叫 Directed Acyclic Graph，缩写是 DAG．
_ENGLISH_NAME_ONLY = re.compile(r"^\s*(?:其)?英文(?:名称?|名字)?(?:叫做?|为|是)?\s*(?P<term>[A-Za-z][A-Za-z \-]{1,60}?)(?=\s*[，,。．；;（(]|$)")


def chinese_match(text: str, marks: list[tuple[int, int]] = (), declared: bool = False) -> Match | None:
    """`declared`: the sentence stands after 定义：, so a bare X是… defines X too."""
    body = text.rstrip()
    if not re.search(r"[\u4e00-\u9fff]", body):
        return None
    label = _DECLARED.match(body) or _OPENING.match(body)
    if label and label.end() < len(body):
        shift = label.end()
        found = chinese_match(body[shift:], [(a - shift, b - shift) for a, b in marks if a >= shift],
                              declared=declared or label.re is _DECLARED)
        if found is not None:
            _shift(found, shift)
            return found
    named = _bold_after_naming(body, marks)
    if named is not None:
        return named
    # …的实质是“扬弃”，即新事物对旧事物…: a quoted term glossed by 即
    quoted_gloss = re.search(r"[“「『](?P<term>[^”」』，,。]{1,12})[”」』]\s*[，,]\s*(?:即|也就是|亦即)(?!使|便)", body)
    if quoted_gloss and _term_like(_strip_term(quoted_gloss.group("term"))):
        term = _strip_term(quoted_gloss.group("term"))
        offset = body.find(term, quoted_gloss.start())
        return Match(term, offset, offset + len(term), quoted_gloss.end() - 1, quoted_gloss.end(), "named", 0.85)
    glossary = _glossary_match(body) if not marks else None
    if glossary is not None:
        return glossary
    # A term in bold right after a naming cue: 称为 **霍夫曼树**, 称这组编码为 **前缀编码**.
    for found in _AFTER_CUE.finditer(body):
        for start, end in marks:
            if found.end() <= start <= found.end() + 1:
                term = _strip_term(body[start:end])
                if _term_like(term):
                    offset = body.find(term, start)
                    return Match(term, offset, offset + len(term), found.start(), found.end(), "named_bold", 0.95)
    # A sentence opening with the bold term: **森林（forest）**：…, **后缀** 是指…; also after a
    # possessive: 字符串 S 的 **子序列** 是…
    for start, end in marks:
        opening = start <= 2 or _LEAD_IN.match(body[:start]) or _OWNER.match(body[:start])
        # After a clause only with a cue that cannot be a statement: 对于一个序列，其 **逆序对** 是指…
        after_clause = not opening and re.search(r"[，,]\s*(?:其|它的|该[^，,。；;]{0,6}的)?\s*$", body[:start])
        if not opening and not after_clause:
            break
        term = _strip_term(body[start:end])
        rest = body[end:]
        # A symbol may follow the term before its cue: 一个 **字符串** S 是…
        cue = re.match(_GLOSS + _AKA + r"(?:\s*[A-Za-z]\w{0,2}(?=\s*[是指]))?"
                       r"\s*(?:[，,]?\s*(?:是指|指的是|是|指|表示|被定义为|定义为|的定义是)|[：:])", rest)
        if cue and _term_like(term) and not _step_label(term, rest[cue.end():], cue.group(0)):
            if start > 2 and (cue.group(0).strip()[-1:] in "：:" or len(re.findall(r"[\u4e00-\u9fff]", rest[cue.end():])) < 2):
                continue  # after a possessive, only a cue word and a said description
            if after_clause and not re.search(r"(?:是指|指的是|定义为|的定义是)$", cue.group(0)):
                continue
            offset = body.find(term, start)
            return Match(term, offset, offset + len(term), end, end + cue.end(), "bold_head", 0.92)
    # 定义 **最小生成树** 为…, 我们定义…的 **X**（…）为
    if "定义" in body:
        for start, end in marks:
            if body.find("定义") < start and "为" in body[end:end + 80]:
                term = _strip_term(body[start:end])
                if _term_like(term):
                    return Match(term, start, start + len(term), body.find("定义"), body.find("定义") + 2, "define_bold", 0.9)
    quoted = _QUOTED_DEFINE.search(body)
    if quoted and _term_like(quoted.group("term")):
        return Match(quoted.group("term"), quoted.start("term"), quoted.end("term"), quoted.start(), quoted.start() + 2,
                     "define_bold", 0.9)
    # 字典树，英文名 trie．: a term named by its English name.
    english_name = _ENGLISH_NAME.match(body)
    if english_name and _term_like(_strip_term(english_name.group("term"))):
        term = _strip_term(english_name.group("term"))
        offset = body.find(term)
        return Match(term, offset, offset + len(term), english_name.start("cue"), english_name.end("cue"), "english_name", 0.85)
    english_only = _ENGLISH_NAME_ONLY.match(body)
    if english_only:
        return Match(english_only.group("term"), english_only.start("term"), english_only.end("term"), 0, english_only.start("term"),
                     "english_name", 0.8)
    # The plain sentence-initial noun phrase before its cue.
    found = _HEAD_CUE.match(body)
    if found:
        head = found.group("head")
        # 真理的绝对性即具有绝对性的真理，是指…: the term is the first name
        head = re.split(r"(?<=[\u4e00-\u9fff]{2})\s*即\s*(?=[\u4e00-\u9fff]{2})", head)[0]
        term = _strip_term(re.sub(r"的定义$", "", head))
        # 组合数 C(n,m) 表示…, 前缀函数 π(i) 被定义为…: the term with its symbol; the symbol is not the term.
        symbol = re.search(r"[\u4e00-\u9fff]\s+(?P<symbol>[^\s\u4e00-\u9fff]{1,3})$", term)
        if symbol:
            term = term[:symbol.start("symbol")].strip()
        cue = found.group("cue").strip("，, ")
        rest = body[found.end():].strip()
        plain_is = cue in ("是", "就是", "表示")
        # A bare 是 is left to the older patterns, which check the genus word by word with LAC.
        introduced = (cue in ("是", "就是") and (declared or bool(_INTRODUCED.search(body[:found.start("cue")]))
                                                or bool(re.search(r"的(?:英文)?(?:缩写|简称|全称|别称|俗称)", rest)))
                      or (cue == "表示" and bool(symbol) and len(re.findall(r"[\u4e00-\u9fff]", rest)) >= 4))
        if cue == "即" and (len(re.findall(r"[\u4e00-\u9fff]", re.split(r"[，,；;。．]", rest)[0])) < 8 or len(term) < 2):
            found = None  # X即…: a term glossed by what it is (社会意识的相对独立性即它在…), not 即 and another name (即矛盾的共性)
    if found:
        ok = _term_like(term) and (len(term) >= 2 or declared) and (not plain_is or introduced) and not _evaluative(rest) \
            and not _ASKING.match(rest) and not (cue == "是由" and re.match(r"[^，,。．；;]*(?:决定|引起|产生|造成|导致|推动)的\s*(?:[，,。．.；;]|$)", rest))
        if cue in ("：", ":"):
            ok = ok and bool(re.search(r"[（(][A-Za-z]", body[:found.end()]))  # 森林（forest）：… only with a gloss
            ok = ok and not _step_label(term, rest, cue)
        if ok and not _ONE_OF.search(body):
            score = 0.9 if not plain_is or introduced else 0.7
            offset = body.find(term)
            return Match(term, offset, offset + len(term), found.start("cue"), found.end("cue"), "head_np", score)
    # After a clause, a noun phrase and a cue that cannot be a statement: 对于字符串 s，它的前缀函数定义为…
    # (如果没有特别说明，约数总是指正约数 states a convention of the text, not what the term is.)
    for comma in list(re.finditer(r"[，,]\s*(?:其|它的|该[^，,。；;]{0,6}的)?\s*", body))[:3]:
        if re.search(r"(?:没有|无|除非|未)(?:特别|特殊|另外)?(?:说明|声明|指出|指明)", body[:comma.start()]):
            break
        found = _HEAD_CUE.match(body[comma.end():])
        if found and re.fullmatch(r"[，,]?\s*(?:是指|指的是|就是指|被定义为|定义为|的定义是[：:]?|指)", found.group("cue")):
            term = _strip_term(found.group("head"))
            # a bare 指 only before a description in words: …的两重性，绝对真理指人们对…的正确认识
            said = found.group("cue").strip("，, ") != "指" or (len(re.findall(r"[\u4e00-\u9fff]", body[comma.end() + found.end():])) >= 6
                                                                and not re.search(r"[的\s]", term) and not body[comma.end() + found.end():].startswith("回"))
            if _term_like(term) and len(term) >= 2 and said:
                offset = body.find(term, comma.end())
                return Match(term, offset, offset + len(term), comma.end() + found.start("cue"), comma.end() + found.end("cue"),
                             "head_np", 0.85)
    # …，称为 X． / …叫做 X．/ …，即 X． with the term closing the sentence, or closing its clause
    # before the term's notation or other name: …，叫做排列数，用符号 A 表示．
    for found in _AFTER_CUE.finditer(body):
        tail = body[found.end():]
        naming = "称" in found.group("cue") or found.group("cue").startswith("叫")
        # After 称…为 / 称为 / 叫做 the name may close just its clause: 称 x 为 y 的父亲，称 y 为 x 的儿子．
        named = re.match(r"(?P<term>" + _NP + r"{1,40}?)" + _GLOSS + r"\s*(?:[。．；;！!]?$|[，,]\s*(?=" + _NOTATION_NEXT + ")"
                         + (r"|[，,；;]" if naming and not body.startswith(("该", "这", "此", "其", "它", "那")) else "") + ")", tail)
        if named and (found.group("cue").startswith(("称", "被称", "则称", "就称", "常称", "也称", "统称", "叫", "简称", "记"))
                      or "称" in found.group("cue")):
            term = _strip_term(_strip_term(named.group("term")).rsplit("的", 1)[-1])  # 叫做函数的导数: 导数
            # 称为同余类或剩余类: the first of two names; 分别称之为 A 和 B: A here, B in _respectively.
            term = re.split(r"\s*(?:或者?|、)\s*" if not body[:found.start()].endswith("分别") else r"\s*(?:或者?|、|和|与|及)\s*", term)[0]
            if found.group("cue").startswith(("记", "简记")) and not re.search(r"[\u4e00-\u9fff]", term):
                continue  # 记作 id(n) introduces a notation, not a term
            if _term_like(term):
                offset = found.end() + tail.find(term)
                return Match(term, offset, offset + len(term), found.start(), found.end(), "named", 0.85)
    return _usage_or_kind(body, marks)


# What a word is taken to mean: 大多数情况下，**二叉树** 一词均指有根二叉树；所说的「满二叉树」多指完美二叉树．
_WORD_MEANS = re.compile(r"(?:^|[，,]\s*|所说的\s*|所谓的?\s*)[「“『]?(?P<term>" + _NP + r"{1,20}?)[」”』]?\s*(?:一词|这个词|这一?术语|这个名词)?"
                         r"\s*(?P<cue>(?:均|都|通常|一般|多|常|大多)指)(?![出明令示])")
# What kind of thing it is, said with its steps or its origin: 树上 DFS 是这样的一个过程：…；
# Garbow 算法是 Tarjan 算法的另一种实现．
_KIND_OF = re.compile(r"^(?:在\s*)?(?P<term>" + _NP + r"{2,20}?)\s*(?P<cue>是这样的?一?[个种类]?(?:过程|算法|结构|方法|操作|图|树|函数|序列)?[：:]"
                      r"|是[^，,。．；;]{2,24}的(?:一种|另一种|一个)(?:实现|变种|变体|改进|扩展))")


# A relation among symbols named by a condition: 若…，则称 {Xn} 依概率收敛于 X (also where a PDF lost the
# formula before 则: 若在 F(x) 的连续点，有则称 {Xn} 依分布收敛于 X)．
_SYMBOLS_RELATION = re.compile(r"(?<!否)(?:则|就|那么)称\s*(?P<symbols>[^\u4e00-\u9fff，,。．；;]*[A-Za-z][^\u4e00-\u9fff，,。．；;]*?)\s*"
                               r"(?P<term>[\u4e00-\u9fff]{2,8}?)(?:于|到)\s*[^\u4e00-\u9fff，,。．；;]{1,15}?\s*(?:[。．.；;，,]|$)")


def _usage_or_kind(body: str, marks: list[tuple[int, int]]) -> Match | None:
    related = _SYMBOLS_RELATION.search(body)
    if related and _term_like(related.group("term")):
        return Match(related.group("term"), related.start("term"), related.end("term"), related.start(), related.start("symbols"),
                     "named", 0.85)
    for pattern in (_WORD_MEANS, _KIND_OF):
        found = pattern.search(body) if pattern is _WORD_MEANS else pattern.match(body)
        if found is None:
            continue
        term = _strip_term(found.group("term"))
        if pattern is _WORD_MEANS:
            bold_or_quoted = any(start <= found.start("term") + 1 and found.end("term") <= end + 1 for start, end in marks) \
                or bool(re.search(r"[「“『]", body[max(0, found.start("term") - 1):found.start("term") + 1]))
            worded = "一词" in found.group(0) or "这个词" in found.group(0) or "术语" in found.group(0) or "名词" in found.group(0)
            if not (bold_or_quoted or worded):
                continue  # a bare X多指… may be a statement (这类问题多指…), only a word named as a word is defined
        if not _term_like(term) or len(term) < 2 or _NOT_TERM_START.match(term):
            continue
        offset = body.find(term, found.start("term"))
        return Match(term, offset, offset + len(term), found.start("cue"), found.end("cue"),
                     "word_means" if pattern is _WORD_MEANS else "head_np", 0.85)
    return None


# ---------------------------------------------------------------------------------------------
# English: a sentence classifier (models/definitions_en.json, trained on DEFT by `nox -s train`)
# together with the patterns above; the term from the patterns, else from the sentence opening.

_EN_TERM = [
    re.compile(r"\b(?:is|are|was|were)\s+(?:called|known as|termed|referred to as|defined as)\s+(?:an?\s+|the\s+)?[\"'“]?(?P<term>[A-Za-z][\w\- ]{0,40}?)[\"'”]?(?=[,.;:()]|\s+(?:and|or|because|which|that|in|by|when)\b|$)", re.I),
    # …, also called the cell membrane, … / …, or X, … between the term and its verb
    re.compile(r"^(?:An?\s+|The\s+)?(?P<term>[A-Za-z][\w\- ]{0,40}?)(?:\s*\([^)]*\))?"
               r"(?:,\s+(?:(?:also|often|sometimes)\s+)?(?:called|known as|termed|named|or)\s+[^,;:]{1,60},)?,?\s+(?:is|are|refers? to|means|describes)\b", re.I),
]
_EN_PRONOUNS = ("it", "this", "that", "these", "those", "he", "she", "they", "there", "which", "we", "you", "i")


def _english_term(text: str) -> tuple[str, int] | None:
    for regex in _EN_TERM:
        found = regex.search(text)
        if found:
            term = found.group("term").strip()
            if term.lower() not in _EN_PRONOUNS and len(term.split()) <= 6:
                return term, found.start("term")
    return None


def english_match(text: str, probability: float | None = None) -> Match | None:
    """`probability`: the classifier's, when the caller has it (cross-validation); else the shipped model's."""
    from toolkit.mining import textmodel

    body = text.strip()
    pattern = _match(body)
    pattern = pattern if pattern is not None and pattern.pattern == "english" else None
    if probability is None:
        model = textmodel.load("definitions_en")
        probability = model.probability(body) if model is not None else 0.0
        threshold = model.threshold if model is not None else 1.0
    else:
        threshold = 0.5
    if pattern is None and probability < threshold:
        return None
    if pattern is not None:
        pattern.score = max(pattern.score, probability)
        return pattern
    named = _english_term(body)
    if named is None:
        return None  # a definition we cannot name the term of is no use to a reviewer
    term, start = named
    return Match(term, start, start + len(term), start + len(term), start + len(term), "english_model", probability)


def english_flags(texts: list[str], probabilities: list[float] | None = None) -> list[bool]:
    """For each English sentence: is it a definition (classifier and patterns)."""
    probabilities = probabilities or [None] * len(texts)
    flags = []
    for text, probability in zip(texts, probabilities):
        pattern = _match(text)
        if pattern is not None and pattern.pattern == "english":
            flags.append(True)
        else:
            flags.append(probability >= 0.5 if probability is not None else english_match(text) is not None)
    return flags


def classify(texts: list[str], terms: Iterable[str] = ()) -> list[Match | None]:
    """For plain sentences (the evaluation harness): the match, with its word-checked score, or None."""
    sentences = [Sentence(0, len(t), t, i) for i, t in enumerate(texts)]
    return [m for m, _ in _run(sentences, terms)]


CHINESE_PATTERNS = frozenset({"named_bold", "bold_head", "define_bold", "head_np", "named", "english_model", "english_name", "glossary",
                              "heading_term", "word_means", "equivalent_item", "answer"})
# The older patterns that stay as a fallback behind chinese_match: on real text (OI-wiki) the
# looser ones (X是……的N, …，即…) said far more statements than definitions.
FALLBACK = ("so_called", "is_defined_as", "refers_to", "called", "call_it", "is_a_kind", "is_the", "is_genus", "that_is")


_LOOSE = frozenset({"is_the", "is_genus", "that_is", "is_a_kind"})
# Openers that may stand before a defined term: 顾名思义，跳表是一种…
# …and the steps of an argument that set the point of view: 首先，从真理的本性看，真理是…
_OPENER = re.compile(r"^\s*(?:(?:顾名思义|简单(?:地|来)说|一般(?:地说?|来说|说来|而言)|通常来说|通俗(?:地)?(?:讲|说)|直观(?:地|上)说?|严格(?:地|来)说|形式化地(?:说)?)"
                     r"|(?:(?:首先|其次|再次|最后|第[一二三四五六七八九十])\s*[，,]\s*)?从[^，,。；;]{1,12}?(?:来|上)?看)\s*[，,]\s*$")


# Section names that head a part of a page, not a term: ## 定义, ## 性质, ## 实现…
_SECTION_NAMES = frozenset("定义 引入 简介 概述 概念 介绍 基本概念 相关概念 相关定义 过程 流程 实现 性质 例题 习题 练习 应用 基本思想 思想 思路 "
                           "算法 原理 解释 描述 前言 概要 代码 参考代码 参考资料 参考文献 扩展 拓展 延伸阅读 注释 证明 判定 构造 分析 用法 模板 "
                           "例子 示例 优化 注意 注意事项 操作 基本操作 结构 问题 解法 做法 方法 总结 小结 简要 介绍与定义 定义与性质 正确性 "
                           "时间复杂度分析 复杂度分析".split())
_HEADING_CUE = re.compile(r"^\s*(?:[（(][^（）()]{0,60}[）)])?" + _AKA + r"\s*[，,]?\s*(?P<cue>是指|指的是|就是指|通常指|一般指|"
                          r"指(?![令针标数南出导向挥示引点责望回，,。．；;、）)]|定(?!义))|被定义为|定义为|是一种|是一类|是一个|是一棵|是一组|就是|是|即"
                          r"|由[^。；;]{1,40}?(?:组成|构成)|[：:])")
# The first sentence of a section may leave its subject, the heading, unsaid: ## 01-trie 合并 / 指的是…
_SUBJECTLESS_CUE = re.compile(r"^(?P<cue>指的是|是指|就是指|是一种|是一类|是一个|就是一种)")
# …or say the order it stands for: ## 先序遍历 / 按照 根，左，右 的顺序遍历二叉树；## 字典序 / 以第 i 个字符作为第 i 关键字…
_ORDER_DESCRIPTION = re.compile(r"^(?P<cue>按照|依照|按|从[^，,。．；;]{1,12}开始|以[^，,。．；;]{1,20}(?:作为|为))")


def _heading_term(heading: str) -> str:
    term = re.sub(r"^\s*(?:\d+(?:\.\d+)*(?:[.、．]\s*|\s+)|[一二三四五六七八九十]+[、.．]\s*)", "", heading.strip())
    term = re.sub(r"(?<=[^\s])\s*的?(?:定义|概念|简介|介绍)$", "", _strip_term(term))  # ## 强连通分量的定义
    return _strip_term(term)


def heading_match(text: str, heading: str, first: bool = True) -> Match | None:
    """A sentence under a heading named after a term, when it says what the term is: the first one
    that opens with the term (## 跳表 / 跳表是一种…, ## 对顶堆 / 对顶堆由…组成), or the section's first
    sentence when it leaves the term unsaid (## 01-trie 合并 / 指的是…)."""
    term = _heading_term(heading)
    if term in _SECTION_NAMES or not _term_like(term) or len(term) < 2:
        return None
    body = text.strip()
    if _compact_text(body).startswith(_compact_text(term)):
        consumed = _consumed(body, term)
        cue = _HEADING_CUE.match(body[consumed:])
        if cue is None:
            return None
        rest = body[consumed + cue.end():].strip()
        if cue.group("cue") in ("是", "就是") and (_evaluative(rest) or _ONE_OF.search(body)):
            return None
        if len(re.findall(r"[\u4e00-\u9fff]", cue.group("cue")[1:] + rest)) < 2 or re.search(r"[？?]\s*$", body):
            return None
        return Match(body[:consumed].strip(), 0, len(body[:consumed].strip()), consumed + cue.start("cue"), consumed + cue.end(),
                     "heading_term", 0.85)
    subjectless = _SUBJECTLESS_CUE.match(body)
    if subjectless and first:
        return Match(term, 0, 0, 0, subjectless.end(), "heading_term", 0.8)
    ordering = _ORDER_DESCRIPTION.match(body)
    if ordering and first and re.search(r"顺序|次序|层次|关键字", body):
        return Match(term, 0, 0, 0, ordering.end(), "heading_term", 0.8)
    return None


def _compact_text(text: str) -> str:
    return re.sub(r"\s+", "", text).lower()


def _consumed(body: str, term: str) -> int:
    """How many characters of body spell term (spaces aside)."""
    wanted, position = len(_compact_text(term)), 0
    seen = 0
    while position < len(body) and seen < wanted:
        seen += not body[position].isspace()
        position += 1
    return position


# The number or label a list item opens with is not part of its term: 3.SSMS是…, （1）感性认识是…,
# a使用价值是指…, ③人民群众是…, [注]：根轨迹是…, (2分)实践是…
_LIST_MARK = re.compile(r"^\s*(?:(?:\d{1,2}(?:[.．]\d{1,2})*\s*[.、．)）](?!\d)|[（(]\s*(?:\d{1,2}|[一二三四五六七八九十]{1,3}|[a-e]|论述|必考|\d+\s*分)\s*[)）]"
                        r"|[一二三四五六七八九十]{1,3}\s*[、．]|[①-⑳⑴-⒇]|※+|\d{1,2}\s+(?=[\u4e00-\u9fff])(?![个只条种类次位名件年月日天])"
                        r"|[（(](?=[^（）()]*(?:[）)][。．.]?\s*)?$)|\[\s*注\s*\d*\s*\][：:]?|(?:答案?|注|理解)\s*[：:]"
                        r"|[a-e](?:[.、)）]\s*|\s*)(?=[\u4e00-\u9fff])(?![是为的和与或在]))\s*)+")


# A whole sentence in brackets, as a question bank gives its answers: 什么是信息化战争？（信息化战争是…。）
_ENCLOSED = re.compile(r"^\s*[（(](?P<inside>[^（）()]*(?:[（(][^（）()]*[）)][^（）()]*)*)[）)]\s*$")
_EXAMPLE = re.compile(r"^\s*(?:如|例如|比如|譬如|举例来说|举个例子)\s*[，,：:]")


def _first_match(sentence: Sentence, marks: list[tuple[int, int]], heading: tuple[str, bool] | None = None) -> Match | None:
    if is_english(sentence.text):
        return english_match(sentence.text)
    if re.search(r"[？?][）)]?\s*$", sentence.text):
        return None  # a question asks, it does not define
    enclosed = _ENCLOSED.match(sentence.text)
    if enclosed:
        return _match_inside(sentence, enclosed.start("inside"), enclosed.end("inside"), marks, heading)
    lead = _LIST_MARK.match(sentence.text)
    if lead and lead.end() < len(sentence.text.rstrip()):
        return _match_inside(sentence, lead.end(), len(sentence.text), marks, heading)
    if _EXAMPLE.match(sentence.text):
        return None  # 如，贯众——有很多植物都叫贯众: an example names a case, it does not define the term
    found = chinese_match(sentence.text, marks)
    if found is None and heading:
        found = heading_match(sentence.text, *heading)
    if found is not None or not _CUE_HINT.search(sentence.text):
        return found
    if re.search(r"[？?]\s*$", sentence.text):
        return None  # a question asks, it does not define
    found = _match(sentence.text)
    if found is not None and found.pattern in _LOOSE and re.search(r"图中|如图|[上下左右本该]图", sentence.text):
        return None  # 阴影部分就是图中的最大子矩阵: a figure explained, not a term defined
    if found is not None and found.pattern in _LOOSE and re.search(r"[，,；;：:]", sentence.text[:found.term_start]) \
            and not _OPENER.match(sentence.text[:found.term_start]):
        return None  # the loose patterns only name the sentence-initial noun phrase, not one after a clause
    if found is not None and found.pattern != "english" and (found.pattern not in FALLBACK or _NOT_TERM_START.match(found.term)
                                                                  or found.term.startswith(("一个", "一种")) or re.search(r"\s\S+\s", found.term)
                                                                  or _TRAILING_ADVERB.search(found.term)
                                                                  or (found.pattern in ("that_is", "is_genus")
                                                                      and (len(found.term) > 10 or re.search(r"[的、\s]", found.term)))):
        return None
    if found is not None and found.pattern in _LOOSE and _statement(found, sentence.text):
        return None
    return found


def _match_inside(sentence: Sentence, start: int, end: int, marks: list[tuple[int, int]],
                  heading: tuple[str, bool] | None) -> Match | None:
    """_first_match on the part of the sentence from start to end (a bracketed sentence's inside, a list
    item after its mark), with the offsets of what it finds in the whole sentence."""
    item = Sentence(sentence.start + start, sentence.start + end, sentence.text[start:end], sentence.paragraph)
    found = _first_match(item, [(a - start, b - start) for a, b in marks if a >= start], heading)
    if found is not None:
        _shift(found, start)
    return found


def _statement(found: Match, text: str) -> bool:
    """X是…的 / X是…的基础 / A和B是… / X是如何…: the loose patterns' sentences that state something
    about terms defined elsewhere rather than say what X is."""
    rest = text[found.cue_end:].strip()
    first_clause = re.split(r"[，,；;。．]", rest)[0].rstrip()
    genus = _role_genus(rest)
    # X是大势所趋，但…的斗争: the genus a later clause ends in is not what X is
    # X是空袭战中的“排头兵”: a genus in quotes is a figure of speech
    figurative = bool(re.search(r"的\s*[“\"「『][^”\"」』]{1,8}[”\"」』]$", first_clause))
    genus_later = "的" not in first_clause and bool(re.search(r"[，,；;]\s*(?:但|然而|不过|可是)", rest))
    return (first_clause.endswith("的") or genus_later or figurative or rest.startswith(("：", ":")) or bool(_ASKING.match(rest))
            or bool(genus and (_ROLE_GENUS.search(genus) or genus == found.term))
            or bool(re.search(r"^由[^。；;]*(?:决定|引起|产生|造成|导致|推动)的", rest))
            or bool(re.search(r"(?:主要|本质上|实际上)$", found.term))
            or found.term in _LABELS or bool(re.search(r"[\u4e00-\u9fff]{2}(?:和|与|及)[\u4e00-\u9fff]{2}", found.term)))


def _run(sentences: list[Sentence], terms: Iterable[str], marks: list[list[tuple[int, int]]] | None = None,
         headings: list[tuple[str, bool] | None] | None = None) -> list[tuple[Match | None, Sentence]]:
    marks = marks or [[] for _ in sentences]
    headings = headings or [None for _ in sentences]
    matches = [_first_match(s, m, h) for s, m, h in zip(sentences, marks, headings)]
    to_check = [s for s, m in zip(sentences, matches)
                if m is not None and m.pattern != "english" and (m.pattern not in CHINESE_PATTERNS or m.genus or m.predicate)]
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
        if match is not None and match.pattern not in CHINESE_PATTERNS:
            match.score = _checked(match, sentence)
            if match.score <= 0:
                match = None
        elif match is not None and match.genus and not _noun_genus(match, sentence):
            if not (match.fallback_predicate and _has_verb(replace(match, predicate=match.fallback_predicate), sentence)):
                match = None
        elif match is not None and match.predicate and not _has_verb(match, sentence):
            match = None
        result.append((match, sentence))
    return result


def _class_word(words: list) -> bool:
    """The last of these words names a class: a noun, one of is_the's class words (活动, 变化), or a
    demonstrative that points back at one (…中价值最高的那一项, 那个)."""
    if not words:
        return False
    last = words[-1]
    return last.pos in NOUNISH or bool(re.fullmatch(CLASS_WORDS, last.text)) \
        or bool(re.fullmatch(r"[那这][一个种项类部分]{0,3}", "".join(w.text for w in words[-2:]) if last.pos in ("m", "q") else last.text))


def _noun_genus(match: Match, sentence: Sentence) -> bool:
    """A glossary description without a cue names its class, as is_genus requires of its genus."""
    for start, end in match.genus:
        start, end = sentence.start + start, sentence.start + end
        if _class_word([t for t in sentence.tokens if t.end > start and t.start < end and t.pos != "w" and t.text.strip()]):
            return True
    return False


def _has_verb(match: Match, sentence: Sentence) -> bool:
    """A glossary description with no class word says what its head does or is like: a verb outside
    brackets in its first clause (not a list of names: 范长龙 许其亮)."""
    start, end = sentence.start + match.predicate[0], sentence.start + match.predicate[1]
    depth = 0
    for token in sentence.tokens:
        if token.end <= start or token.start >= end:
            continue
        depth += token.text.count("（") + token.text.count("(") - token.text.count("）") - token.text.count(")")
        if depth <= 0 and token.pos in ("v", "vd"):
            return True
    return False


def _body_sentences(document: Document) -> tuple[list[Sentence], list[tuple[str, bool] | None]]:
    """The sentences outside headings, each with (the heading above it, whether it is the section's
    first sentence) when it is the first sentence of the section or the first to open with the
    heading's words; else None."""
    sentences, headings = [], []
    heading, first, opened = None, False, False
    for sentence in wrapped_sentences(document):  # a sentence a hard line break cut in two is one
        if document.paragraphs[sentence.paragraph].style_level is not None:
            heading, first, opened = sentence.text.strip(), True, False
            continue
        opens = heading is not None and not opened and _compact_text(sentence.text).startswith(_compact_text(_heading_term(heading)) or "\0")
        sentences.append(sentence)
        headings.append((heading, first) if heading is not None and (first or opens) else None)
        opened = opened or opens
        first = False
    return sentences, headings


def _sentence_marks(document: Document, sentence: Sentence) -> list[tuple[int, int]]:
    """The paragraph's emphasised spans that fall inside the sentence, relative to it."""
    paragraph = document.paragraphs[sentence.paragraph]
    shift = sentence.start - paragraph.start
    return [(start - shift, end - shift) for start, end in (paragraph.marks or [])
            if start >= shift and end <= shift + len(sentence.text)]


def mine(document: Document, terms: Iterable[str] = (), threshold: float = 0.5) -> list[Candidate]:
    """Defining sentences of a document, in document order."""
    candidates = []
    sentences, headings = _body_sentences(document)
    marks = [_sentence_marks(document, s) for s in sentences]
    equivalent: tuple[str, int] | None = None  # (term, items left) after 无根树有几种等价的形式化定义：
    asked: tuple[str, Sentence] | None = None  # the term a question asks about (什么是精确制导武器？), and the question
    for (match, sentence), sentence_marks in zip(_run(sentences, terms, marks, headings), marks):
        intro = _EQUIVALENT_INTRO.match(sentence.text.strip())
        if intro and _term_like(_strip_term(intro.group("term"))):
            equivalent = (_strip_term(intro.group("term")), 8)
            continue
        if equivalent and match is None and _list_item_line(document, sentence):
            match = Match(equivalent[0], 0, 0, 0, 0, "equivalent_item", 0.8)
            equivalent = (equivalent[0], equivalent[1] - 1) if equivalent[1] > 1 else None
        else:
            equivalent = None
        question = None
        if match is None and asked:
            match = _answer_match(asked[0], sentence.text)
            question = asked[1] if match is not None else None
        asked = _asked_term(sentence)
        if match is None or match.score < threshold:
            continue
        if question is not None:  # the term where the question names it, the sentence from the question on
            at = question.text.find(match.term)
            candidates.append(_candidate(document, match, document.text[question.start:sentence.end], question.start, sentence.end,
                                         question.document_offset(at), question.document_offset(at + len(match.term))))
            continue
        more = (_later_bold_definitions(sentence.text, sentence_marks, match) + _respectively(sentence.text, sentence_marks, match)
                + _later_naming_clauses(sentence.text, sentence_marks, match) + _later_refers_to(sentence.text, match))
        for found in [match] + more:
            candidates.append(_candidate(document, found, sentence.text, sentence.start, sentence.end,
                                         sentence.document_offset(found.term_start), sentence.document_offset(found.term_end)))
    return candidates


def _candidate(document: Document, match: Match, said: str, start: int, end: int, term_start: int, term_end: int) -> Candidate:
    """The review candidate of a definition: `said` (the document from start to end) as its sentence, the
    term at term_start..term_end of the document."""
    location = document.locate(start, end)
    location["termStart"], location["termEnd"] = term_start, term_end
    return Candidate("definitions", match.score,
                     {"term": match.term, "sentence": said.strip(), "pattern": match.pattern}, location)


# A question bank asks what a term is and answers without naming it again:
# 什么是精确制导武器？（是指采用精确制导技术，直接命中概率在50%以上的武器。
_ASKED = re.compile(r"(?:什么(?:是|叫做?|叫作)|何谓|何为)\s*[“「]?(?P<term>" + _NP + r"{2,20}?)[”」]?\s*[？?]"
                    r"|^(?:\d{1,3}\s*[、.．]\s*)?[“「]?(?P<before>" + _NP + r"{2,20}?)[”」]?\s*(?:是什么|指什么|的(?:科学|基本)?(?:含义|定义|概念|内涵)(?:是什么)?)\s*[？?]")
_TASK = re.compile(r"^(?:简述|试述|论述|阐述|说明|分析|比较|举例|请|谈谈|概述|列举|解释)")  # the next exercise, not an answer
_ANSWER_GENUS = re.compile(r"的[^的。．；;，,、：:（）()]{1,10}[）)]?[。．；;]?[）)]?$")
_ANSWER_CUE = re.compile(r"^(?:是指|指的是|就是指|一般指|通常指|指(?![出令导向示挥])|是(?!否|什么))")


def _asked_term(sentence: Sentence) -> tuple[str, Sentence] | None:
    found = _ASKED.search(sentence.text.strip())
    if not found:
        return None
    term = _strip_term(found.group("term") or found.group("before"))
    if found.group("before") and ("的" in term or _ASPECT.search(term)):
        return None  # 日本军事战略的实质是什么？ asks about an aspect of a term, not what the term is
    return (term, sentence) if _term_like(term) and term in sentence.text else None


def _answer_match(term: str, text: str) -> Match | None:
    """The sentence after a question about `term` answers it when it opens with a defining cue (after
    a list mark, 答：, or an opening bracket)."""
    lead = _LIST_MARK.match(text)
    start = lead.end() if lead else len(text) - len(text.lstrip())
    body = text[start:].strip()
    cue = _ANSWER_CUE.match(body)
    if cue:
        if len(re.findall(r"[\u4e00-\u9fff]", body[cue.end():])) < 4:
            return None
        return Match(term, start, start, start, start + cue.end(), "answer", 0.8)
    # No cue: a description that names its class last (两大战略力量之间的相互对立…的局面。)
    numbered = lead is not None and re.search(r"[\d①-⑳⑴-⒇一二三四五六七八九十]", lead.group(0))
    if len(re.findall(r"[\u4e00-\u9fff]", body)) >= 8 and _ANSWER_GENUS.search(body) and not _NOT_TERM_START.match(body) \
            and not numbered and not _TASK.match(body) and not re.search(r"[？?]", body):
        return Match(term, start, start, start, start, "answer", 0.7)
    return None


# A term given several equivalent definitions, one a list item: 无根树有几种等价的形式化定义：/ - 无向无环的连通图 / …
_EQUIVALENT_INTRO = re.compile(r"^(?P<term>" + _NP + r"{2,20}?)\s*(?:有|的)[^：:，,。．]{0,8}等价的?[^：:，,。．]{0,6}定义(?:如下|有)?\s*[：:]$")


def _list_item_line(document: Document, sentence: Sentence) -> bool:
    """A short line that is a paragraph of its own, one sentence long: a list item."""
    paragraph = document.paragraphs[sentence.paragraph]
    text = document.text[paragraph.start:paragraph.end].strip()
    return text == sentence.text.strip() and len(text) <= 80 and not re.search(r"[。．！？!?；;].", text)


def _later_refers_to(text: str, first: Match) -> list[Match]:
    """A second X是指… clause after the first one's: A是指…，B是指…"""
    if first.pattern != "head_np" or not re.search(r"是指|指的是", text[first.cue_start:first.cue_end]):
        return []
    found = []
    for comma in re.finditer(r"[，,；;]\s*", text[first.cue_end:]):
        start = first.cue_end + comma.end()
        clause = _HEAD_CUE.match(text[start:])
        if clause and re.fullmatch(r"是指|指的是", clause.group("cue").strip("，, ")):
            term = _strip_term(clause.group("head"))
            if _term_like(term) and len(term) >= 2 and term != first.term and term not in {m.term for m in found}:
                found.append(Match(term, start, start + len(term), start + clause.start("cue"), start + clause.end("cue"),
                                   "head_np", first.score))
    return found


def _later_naming_clauses(text: str, marks: list[tuple[int, int]], first: Match) -> list[Match]:
    """Further 称…为 clauses after the first one's: 称 x 为 y 的父亲，称 y 为 x 的儿子．After a definition
    of another kind, only a clause that names with 叫/称 (度：度是…的界限，度的两端叫关节点或临界点，…)."""
    found, after = [], max(first.term_end, first.cue_end)
    while True:
        comma = re.search(r"[，,；;]", text[after:])
        if comma is None:
            return found
        start = after + comma.end()
        clause = chinese_match(text[start:], [(a - start, b - start) for a, b in marks if a >= start])
        if clause is None or clause.pattern != "named" or clause.term in {first.term, *(m.term for m in found)} \
                or (first.pattern != "named" and not re.search(r"[叫称]", text[start + clause.cue_start:start + clause.cue_end])):
            after = start
            continue
        found.append(Match(clause.term, start + clause.term_start, start + clause.term_end, start + clause.cue_start,
                           start + clause.cue_end, clause.pattern, clause.score))
        after = start + clause.term_end


def _respectively(text: str, marks: list[tuple[int, int]], first: Match) -> list[Match]:
    """The other terms of 分别称之为 A 和 B / 定义 **A** 和 **B** 分别为: one match each."""
    if "分别" not in text:
        return []
    found = []
    if first.pattern == "named" and text[:first.cue_start].endswith("分别"):
        tail = re.match(r"(?:\s*(?:和|与|及|、)\s*" + _NP + r"{1,20}?(?=\s*(?:和|与|及|、|[（(]|[。．；;，,]|$)))+", text[first.term_end:])
        for piece in re.split(r"\s*(?:和|与|及|、)\s*", tail.group(0))[1:] if tail else []:
            term = _strip_term(piece)
            if _term_like(term):
                offset = text.find(term, first.term_end)
                found.append(Match(term, offset, offset + len(term), first.cue_start, first.cue_end, first.pattern, first.score))
    elif first.pattern == "define_bold":
        respectively, previous_end = text.find("分别", first.term_end), first.term_end
        for start, end in marks:
            if first.term_end <= start < respectively and re.match(r"^\s*(?:[（(][^（）()]{0,60}[）)])?\s*(?:和|与|及|、)\s*$", text[previous_end:start]):
                term = _strip_term(text[start:end])
                if _term_like(term):
                    offset = text.find(term, start)
                    found.append(Match(term, offset, offset + len(term), first.cue_start, first.cue_end, first.pattern, first.score))
            previous_end = end if start >= first.term_start else first.term_end
    return found


# The short or other name of the term just defined: …为模 m 的 **完全剩余系**，简称 **剩余系**．
_ALIAS_BEFORE_BOLD = re.compile(r"^\s*(?:简称为?|又称为?|也称为?|亦称|或称|统称为?)\s*$")


def _later_bold_definitions(text: str, marks: list[tuple[int, int]], first: Match) -> list[Match]:
    """Further bold terms defined in the same sentence after a comma: **欧拉路径（…）**是…的路径，
    **欧拉回路（…）**是…的回路．"""
    if first.pattern not in ("bold_head", "named_bold"):
        return []
    found, after = [], max(first.cue_end, first.term_end)
    for start, end in marks:
        if start <= after:
            continue
        clause = re.split(r"[，,；;]", text[:start])[-1]
        if re.search(r"[，,；;]", text[after:start]) and _CLAUSE_END.match(text[end:]) \
                and (_LATER_NAMING.search(text[:start]) or _NAMING_BEFORE_BOLD.search(clause) or _CONSTRUCTION.search(clause)
                     or _ALIAS_BEFORE_BOLD.match(clause)):
            term = _strip_term(text[start:end])
            if _term_like(term) and term != first.term:
                offset = text.find(term, start)
                found.append(Match(term, offset, offset + len(term), start, start, "named_bold", first.score))
                after = end
            continue
        if not re.search(r"[，,；;]\s*$", text[:start]):
            continue
        clause = chinese_match(text[start:], [(a - start, b - start) for a, b in marks if a >= start])
        if clause is not None and clause.pattern == "bold_head" and clause.term != first.term:
            found.append(Match(clause.term, start + clause.term_start, start + clause.term_end, start + clause.cue_start,
                               start + clause.cue_end, clause.pattern, clause.score))
            after = start + clause.cue_end
    return found
