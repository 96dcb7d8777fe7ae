"""Knowledge points: domain terms and multi-word terms from LAC's words, parts of speech and
entities (noun phrases, and verb-bearing spans seen twice or in a heading), ranked by a trained ranker over termhood, frequency, nesting, position and heading
features; generic words that are nouns in any subject count against a candidate."""
from __future__ import annotations

import gc
import math
import re
from collections import defaultdict
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable

from toolkit.mining.analysis import NOUNISH, Sentence, analyse
from toolkit.mining.candidates import Candidate
from toolkit.mining.documents import Document
from toolkit.mining.english_tokens import is_english
from toolkit.mining.normalise import comparison_key

MAX_TOKENS = 5
MIN_CHARS, MAX_CHARS = 2, 16
MAX_LATIN_CHARS = 40  # an English term spells its words out: semipermeable membrane
COMMON_ENGLISH_ZIPF = 5.6  # life 5.9, people 6.3, in 7.3; cell 4.9, energy 5.2, water 5.5, system 5.6 stay
# Nouns of any course, never a knowledge point on their own (they still count inside longer terms).
GENERIC = frozenset("""
方法 问题 过程 方面 内容 作用 结果 情况 特点 特征 部分 时候 时间 地方 方式 形式 关系 影响 意义 原因 条件 因素 目的 目标
要求 基础 基本 一般 主要 重要 常见 本章 本节 本书 章节 小节 例子 例如 如下 下面 上面 以下 以上 其中 之间 之后 之前 同时
第一 第二 第三 学生 老师 同学 读者 我们 人们 大家 课程 教材 习题 练习 思考题 答案 图示 表格 示例 定义 概念 原理 性质 定理 公式 算法
步骤 阶段 层次 类型 种类 分类 数量 程度 水平 能力 效果 功能 结构 系统 模型 理论 技术 知识 信息 数据 对象 元素 单位 范围
作者 研究 分析 应用 发展 实现 处理 设计 使用 进行 提出 利用 通过 基于 采用 具有 包括 表示 说明 介绍 讨论 总结 小结 本文
领域 方向 工作 任务 现象 规律 手段 工具 环境 状态 变化 问题的 文章 实验 结果表明 结论 方案 措施 前提 核心 关键 中心 成分
英文 英语 英文名 中文名 缩写 简称 全称 英文缩写
也就是说 换句话说 换言之 总而言之 事实上 实际上 译者 译者注 编者 编者注 原文 译文
""".split())
# The parts of an English textbook, never a knowledge point nor a term's first or last word (Chapter 3
# Cells, Figure 2); words of any subject, never a knowledge point alone.
ENGLISH_PARTS = frozenset("""
chapter chapters section sections figure figures fig table tables example examples exercise exercises problem problems
question questions answer answers page pages summary introduction conclusion review objectives objective unit units
use uses
""".split())
ENGLISH_GENERIC = ENGLISH_PARTS | frozenset("""
part parts type types kind kinds way ways thing things number numbers case cases lot lots order step steps
student students reader readers author authors book text people person
""".split())
TRIM_LEFT = frozenset("各 每 该 本 此 其 这 那 某 一种 一个 一些 这种 那种 所有 任何 其他 不同 相应 有关 上述".split())
MODIFIERS = frozenset({"a", "ad", "b"})


def _symbol_word(token) -> bool:
    """LAC's other function words (xc) that are letters, digits or Greek letters may be part of a term
    (P 型, α-淀粉酶); its Chinese particles (呢, 了, 吗) end a sentence: 有向无环图呢 was a point."""
    return token.pos == "xc" and token.text.isalnum() and not _CJK.search(token.text)


_CJK = re.compile(r"[\u4e00-\u9fff]")


def _runs(sentence: Sentence) -> Iterable[list]:
    """Maximal runs of term-like tokens: nouns, modifiers before them, and adverb+verb pairs
    that name procedures (深度 优先 搜索)."""
    run: list = []
    tokens = sentence.tokens
    i = 0
    while i < len(tokens):
        token = tokens[i]
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if token.pos in NOUNISH or _symbol_word(token):
            run.append(token)
        elif token.pos in MODIFIERS and nxt is not None and nxt.pos in NOUNISH:
            run.append(token)
        elif token.pos == "vd" and run and nxt is not None and nxt.pos in ("v", "vn"):
            run.extend([token, nxt])
            i += 1
        else:
            if run:
                yield run
            run = []
        i += 1
    if run:
        yield run


# Verb-bearing terms (数据融合 = n+v, 分散染料 = v+n, 快速检测 = ad+v, 清代 = TIME): LAC tags many
# procedure names as verbs, so noun runs alone miss about a fifth of the CSL keywords that occur in
# the text. These spans come from runs of the wider set below and are marked `verbal` for the ranker.
WIDE = NOUNISH | {"v", "a", "ad", "d", "m", "TIME", "s"}
_HEADS = frozenset({"n", "nz", "vn", "nw", "an", "ORG", "LOC", "PER", "v", "TIME", "s"})
_VERBAL_SINGLES = frozenset({"v", "a", "TIME"})
VERBAL_MIN_FREQUENCY = 2


def _spaced_words(sentence: Sentence, left, right) -> bool:
    """Two Latin words one space apart (carbon dioxide): English words are spans of a term as
    adjacent Chinese words are. LAC gives a space as a token of its own, so this joins the words of
    English sentences only (english_tokens tags them without space tokens)."""
    return right.start - left.end == 1 and sentence.text[left.end - sentence.start] == " " \
        and left.text[-1:].isascii() and left.text[-1:].isalnum() and right.text[:1].isascii() and right.text[:1].isalnum()


def _wide_runs(sentence: Sentence) -> Iterable[list]:
    """Maximal runs of adjacent tokens of WIDE (an alphanumeric xc too)."""
    run: list = []
    for token in sentence.tokens:
        if (token.pos in WIDE or _symbol_word(token)) \
                and (not run or run[-1].end == token.start or _spaced_words(sentence, run[-1], token)):
            run.append(token)
            continue
        if run:
            yield run
        run = [token] if token.pos in WIDE else []
    if run:
        yield run


# Verbs that carry grammar rather than a procedure, and verb endings that attach an object or a
# result (应用于, 表现出, 分为): a span holding them is a clause (方法进行, 分别为, 提供参考); so are
# the verbs of regarding and naming (当作键值), of direction (下层到, 移动至), of a task (列真值表) and
# a syllabus's verbs of learning (掌握计算机网络).
LIGHT_VERBS = frozenset("""
是 为 有 于 在 对 把 被 使 让 给 用 看 做 作 进行 提供 作为 成为 具有 存在 表现 包括 包含 属于 采用 利用 通过 使用 得到
获得 给出 提出 给予 加以 予以 需要 可以 能够 应该 要 会 能 可 将 并 也 都 还 就 又 再 才 分别 特别 同时 主要 只有 已经
开始 继续 认为 发现 表明 显示 说明 看出 指出 得出 达到 实现 完成 形成 产生 出现 引起 造成 导致 涉及 结合 根据 按照 参考
当作 看作 视作 视为 称为 称作 叫做 记为 记作 到 至 向 往 求 列
掌握 理解 了解 熟悉 学会
""".split())
_OBJECT_ENDINGS = tuple("于为是出成到了着过")
NEGATIONS = frozenset("没有 没 不 未 无法 不能 不会 不是 并非 不存在 不满足 不需要".split())


def _verbal_span(piece: list) -> bool:
    """A wider span worth ranking: a verb, adjective or time word alone (a 2+ character one), or
    several words that end in a head and start with neither a locative nor a bare number; never a
    light verb or a verb ending that takes an object."""
    first, last = piece[0], piece[-1]
    if first.text in NEGATIONS:
        return False  # 没有右儿子, 不存在: what a thing lacks or what does not hold
    for token in piece:
        if token.text in LIGHT_VERBS or token.pos == "v" and len(token.text) > 1 and token.text.endswith(_OBJECT_ENDINGS):
            return False
    if len(piece) == 1:
        return first.pos in _VERBAL_SINGLES and len(first.text) >= 2
    if last.pos not in _HEADS or first.pos in ("f", "u"):
        return False
    if first.pos in ("d", "ad") and piece[1].pos not in ("v", "vn") or first.pos == "d" and len(first.text) > 1:
        return False
    return not (first.pos == "m" and not re.search(r"[一二三四五六七八九十两双多单]", first.text))


def _clean(text: str) -> str:
    return text.strip(" ·-—_:：,，、()（）[]【】\"'“”")


def _good(term: str, tokens: list) -> bool:
    if not (MIN_CHARS <= len(term) <= _max_chars(term)):
        return False
    if term.isascii() and " " in term and (term.split()[0].lower() in ENGLISH_PARTS or term.split()[-1].lower() in ENGLISH_PARTS):
        return False
    if term.isascii() and term.isalpha() and _english_zipf(term.lower()) >= COMMON_ENGLISH_ZIPF:
        return False  # In, It, people: an everyday English word alone
    if term in GENERIC or term.lower() in ENGLISH_GENERIC or tokens[0].text in TRIM_LEFT or tokens[-1].pos in MODIFIERS:
        return False
    if term.isdigit() or all(not ch.isalnum() for ch in term):
        return False
    # A positional locative ends a place in the sentence, not a term (线性表中, 表中; a compass word
    # stays: 江西南部), and a chapter's label names no knowledge (第二章).
    if tokens[-1].pos == "f" and tokens[-1].text in _POSITIONS or _SECTION_LABEL.fullmatch(term):
        return False
    # A variable, a pin or a terminal of a worked example (X1, P1, OUT1, IN1端) is no knowledge point;
    # element symbols (Pt) and names with longer numbers (p53) are kept.
    if _VARIABLE.fullmatch(term) or _INDEX_FORMULA.fullmatch(term) or term in _EXERCISE_WORDS or _QUESTION.search(term) or _PROSE_PHRASE.search(term) \
            or _PART_LABEL.search(term):
        return False
    return tokens[-1].pos != "vd" and not _when_clause(tokens)


def _max_chars(term: str) -> int:
    return MAX_LATIN_CHARS if term.isascii() else MAX_CHARS


def _when_clause(tokens: list) -> bool:
    """…时 as a word of its own closes a clause of time (查找目标节点时), not a term (实时, 学时 are one word)."""
    return len(tokens) > 1 and tokens[-1].text == "时"


_POSITIONS = frozenset("中 上 下 内 外 里 前 后 间 旁 之中 之间 之内 之外 之上 之下 之前 之后 以上 以下 以内 以外 以前 以后 当中".split())
_SECTION_LABEL = re.compile(r"第[0-9一二三四五六七八九十百零〇两]+[章节篇部讲课回条]")
_VARIABLE = re.compile(r"[A-Za-z]{1,3}[0-9][端脚]?")
_INDEX_FORMULA = re.compile(r"[a-z]\s*[-+]\s*\d+|\d+\s*[-+]\s*[a-z]")  # n-1, i+1: an index, not a term
# The labels and phrasing of exercises and figures in review notes and lab manuals (填空, 简答, 如图所示).
# A question of a review sheet (…的内容是什么, 有哪些) names no term; no CSL keyword holds these words.
_QUESTION = re.compile(r"什么|哪些|哪个|哪种|怎样|怎么|如何|为何|多少|是否")
# The prose of an explanation, not a term: a count of things the text walks through (两个集合, 一条路径,
# 每个结点; slogans counted from three up stay: 三个代表), the one an algorithm holds now, starts or ends at,
# or all of them (当前节点, 目标节点, 所有子结点; 所有制, 所有权 and 目标函数 stay), and the phrases that point at an example, a figure or what
# follows (举例来说, 构造如下, 下图所示). No CSL training keyword matches.
_PROSE_PHRASE = re.compile(r"^[一两二每几]+(?:个|条|种|类|部分|位|件|块|段|份|棵|颗|只|张|组)|^(?:当前|所有(?![制权者人])|其余)"
                           r"|^(?:目标|起始|初始)(?:节点|结点|顶点|位置|元素)$"
                           r"|(?:来说|而言|如下|所示)$|^(?:如图|下图|上图|下表|上表|如表)")
_EXERCISE_WORDS = frozenset("填空 简答 填空题 简答题 选择题 判断题 计算题 论述题 名词解释 所示 如图所示 求得 是什么 为什么 怎么样 示意图".split()) | \
    frozenset(  # the parts of a course document (内容提要, 实验目的, 教学要求), which name no knowledge; no CSL keyword
        "提要 内容提要 复习指南 指导书 实验指导书 实验目的 实验要求 实验内容 实验原理 实验步骤 实验报告 实验仪器 实验器材 预习要求 "
        "复习题 本章小结 学习目标 教学目标 教学要求 重点 难点 重点难点 基本要求 参考文献 附录 前言 引言 课后习题 例题 "
        # a syllabus's parts and the words around them (课程目标 and 考核内容 led a real network syllabus)
        "考核 知识点 课程目标 课程内容 课程简介 课程概述 课程性质 考核内容 考核目标 考核要求 考核方式 教学内容 教学重点 教学难点 学时分配 "
        "先修课程 知识要点 主要内容 基本内容 本章要点 学习要求 评分标准 成绩评定 相关概念 相关知识 基础知识 数学知识 优缺点 "
        # the sections of a reference page (OI-wiki opens many with 引入) and what points at the next part
        "引入 简介 概述 以下内容 以上内容 参考资料 注意事项".split())
# A part's label glued to a term (知识点中心极限定理 from a slide's "知识点：中心极限定理", 数据库重点 as a
# review sheet's title) and the kinds of exercise (应用题, 综合题): no term. 总结 is left out of the
# endings: 分析总结 was a CSL training keyword.
_PART_LABEL = re.compile(r"^(?:知识点|重点|难点|考点|要点)(?=.)|(?<=.)(?:知识点|重点|难点|考点|要点|复习|小结|概要|提要)$"
                         r"|^(?:应用|综合|分析|设计|证明|问答|思考|作图|解答|简述|材料|辨析|单选|多选|单项选择|多项选择|不定项选择"
                         r"|编程|程序设计|计算|填空|简答|选择|判断|论述|名词解释|案例分析)题$")


# ---------------------------------------------------------------------------------------------
# Candidates and their features. Every noun-phrase sub-span on word boundaries is a candidate, so
# the core term nested in a longer phrase (数据融合 in 传感器数据融合算法) is kept; a supervised
# ranker (models/keyphrases_zh.json, trained by `nox -s train` on CSL) orders them by features of
# frequency, nesting, position, headings, emphasis and termhood against general-language frequency
# (wordfreq's Chinese list); near-duplicates of a better candidate are then left out.

# Link targets, paths, code and formula leftovers are not terms.
_URLISH = re.compile(r"https?:|www\.|\.(?:md|html?|com|cn|org|py|cpp)\b|[@/#_+=<>|^{}\[\]()…≤≥→∈×·]", re.I)
# KEA's keyphraseness (Witten et al. 1999) and corpus spread, from the ranker's training
# abstracts (Prior): how often the string was an author keyword there, in what share of the
# abstracts it was a candidate in, how many it was a candidate in, how many candidates ended
# in its head word. Zero for strings those abstracts never had, as most of a course's are.
PRIOR_FEATURES = ("keyphraseness", "keyword_share", "corpus_spread", "head_spread")
FEATURES = ("log_freq", "log_adjusted", "in_heading", "first_position", "chars", "tokens", "zipf_whole", "zipf_min",
            "zipf_max", "common_word", "noun_end", "nz_end", "vn_end", "entity_end", "nested_in", "contains_other",
            "marked", "in_dictionary", "generic", "latin", "spread", "one_char_tokens", "subword",
            # Boundaries and the title: a fragment (过程管理 of 全过程管理) has one neighbour on a side and
            # a container as frequent as itself; a term named in the title is the paper's or chapter's subject.
            "in_title", "title_start", "freq_share", "left_variety", "right_variety", "left_top", "right_top",
            "container_share", "sub_share",
            # Verb-bearing spans (_verbal_span): how verbal, and which word ends them.
            "verbal", "v_end", "time_end", "verb_share") + PRIOR_FEATURES
PRIOR_REFERENCE = 400  # counts are per this many training abstracts (the size of a training fold in CV)


@dataclass
class Prior:
    """Counts over the ranker's training abstracts, keyed by comparison_key(term) and by head word."""
    keyword: dict = field(default_factory=dict)  # term -> abstracts that had it as an author keyword
    seen: dict = field(default_factory=dict)  # term -> abstracts that had it as a candidate or a keyword
    heads: dict = field(default_factory=dict)  # head word -> candidates (one per abstract) ending in it
    abstracts: int = 0

    def row(self, folded: str, head: str, own: tuple[int, int, int] = (0, 0, 0)) -> list[float]:
        """The four prior features; `own` takes a training abstract's own (keyword, seen, head)
        contribution out of the counts, so the ranker learns them as they are on unseen texts."""
        abstracts = self.abstracts - (1 if any(own) else 0)
        if abstracts <= 0:
            return [0.0, 0.0, 0.0, 0.0]
        per = PRIOR_REFERENCE / abstracts
        keyword = self.keyword.get(folded, 0) - own[0]
        seen = self.seen.get(folded, 0) - own[1]
        head_count = self.heads.get(head, 0) - own[2]
        return [math.log1p(keyword * per), keyword / (seen + 1), math.log1p(seen * per), math.log1p(head_count * per)]


@lru_cache(maxsize=1)
def _general_frequency() -> dict[str, float]:
    """Word frequencies of general Chinese (wordfreq's list, shipped in that package)."""
    try:
        import wordfreq

        return wordfreq.get_frequency_dict("zh", wordlist="best")
    except Exception:  # wordfreq missing or without its data: termhood then counts for nothing
        return {}


@lru_cache(maxsize=65536)
def _zipf(word: str, english: bool = False) -> float:
    if english:
        return _english_zipf(word)
    frequency = _general_frequency().get(word)
    return math.log10(frequency * 1e9) if frequency else 0.0


@lru_cache(maxsize=65536)
def _english_zipf(words: str) -> float:
    """General English frequency on the same Zipf scale (wordfreq combines the words of a phrase)."""
    try:
        import wordfreq

        return wordfreq.zipf_frequency(words, "en")
    except Exception:
        return 0.0


@dataclass(slots=True)
class _Stats:
    tokens: list
    frequency: float = 0.0
    heading: bool = False
    first: tuple[int, int, int] | None = None
    first_sentence: int = 0
    sentences: set = field(default_factory=set)
    marked: bool = False
    subword: bool = False
    verbal: bool = False  # only ever seen as a verb-bearing span, never as a noun phrase
    english: bool = False  # first seen in an English sentence: termhood against English frequencies
    lefts: dict = field(default_factory=dict)  # the character before each occurrence: count
    rights: dict = field(default_factory=dict)

    def seen(self, sentence: Sentence, start: int, end: int) -> None:
        """One more occurrence at sentence-relative [start, end)."""
        left = sentence.text[start - 1] if start > 0 else "^"
        right = sentence.text[end] if end < len(sentence.text) else "$"
        self.lefts[left] = self.lefts.get(left, 0) + 1
        self.rights[right] = self.rights.get(right, 0) + 1


# A Chinese text gives a term's English name beside it: 二分图（bipartite graph）, 欧拉路径（英语：Eulerian
# path）, 英文名叫 Directed Acyclic Graph. That name is the same point again, not one of its own; an
# acronym there (DAG, SVM) is kept, since texts go on to use it as the term's name.
_GLOSS_CUE = re.compile(r"英[语文](?:名称?|全称|简称|缩写)?|全称|简称|缩写|又称|或|English|[：:，,、;；\s]")
_BRACKET = re.compile(r"(?<=[\u4e00-\u9fff])\s*[（(](?P<gloss>[^（）()]{1,80})[)）]")
_NAMED_IN_ENGLISH = re.compile(r"英[语文](?:名称?|全称)?(?:叫做?|是|为|称为?)?\s*[：:]?\s*(?P<gloss>[A-Za-z][A-Za-z0-9 \-'’/]*[A-Za-z0-9])")


def english_glosses(text: str) -> list[tuple[int, int]]:
    """Spans of a Chinese sentence that give a term's English name (offsets in the sentence)."""
    spans = []
    for found in _BRACKET.finditer(text):
        rest = _GLOSS_CUE.sub("", found.group("gloss"))
        if rest and not _CJK.search(rest) and re.search(r"[A-Za-z]", rest):
            spans.append(found.span("gloss"))
    spans.extend(found.span("gloss") for found in _NAMED_IN_ENGLISH.finditer(text))
    return spans


def _in_gloss(term: str, start: int, end: int, glosses: list[tuple[int, int]]) -> bool:
    return not term.replace(" ", "").isupper() and any(s <= start and end <= e for s, e in glosses)


# A biographical aside, Tarjan（罗伯特·塔扬，1948~），生于美国加州波莫纳, names places and people that are
# no knowledge of the course (美国, 加州 came out as points): a sentence with a person's name and a lifespan
# or 生于/毕业于… gives no points made of names alone.
_BIOGRAPHY = re.compile(r"[（(][^（）()]{0,30}\d{3,4}\s*年?\s*[~～\-—–－至]+\s*(?:\d{3,4}\s*年?)?\s*[)）]"
                        r"|(?:(?<![产发诞衍派滋寄共再新萌])生于|出生[于在]|毕业于|逝世于|卒于|病逝于|任教于|就职于)")  # not 产生于, 发生于
_NAMES = frozenset({"LOC", "PER"})


def candidates(sentences: list[Sentence], marks: dict[int, list[tuple[int, int]]] | None = None) -> dict[str, _Stats]:
    """Every noun-phrase sub-span of 1..MAX_TOKENS words, the verb-bearing spans of _verbal_span and
    pieces of long words: (term -> statistics)."""
    stats: dict[str, _Stats] = {}
    marks = marks or {}

    # The hot loop of the points miner (a few hundred thousand spans per MB): attribute lookups are
    # kept out of it; the result is what _Stats.seen and a plain update would give.
    def record(term: str, piece: list, index: int, sentence: Sentence, how: str) -> None:
        entry = stats.get(term)
        if entry is None:
            entry = stats[term] = _Stats(piece, subword=how == "subword", verbal=how == "verbal", english=english[index])
        elif how == "noun" and entry.verbal:  # a noun phrase too: the noun reading wins
            entry.tokens, entry.verbal = piece, False
        entry.frequency += 1
        if sentence.heading:
            entry.heading = True
        entry.sentences.add(index)
        offset = sentence.start
        start, end = piece[0].start - offset, piece[-1].end - offset
        if entry.first is None:
            entry.first = (piece[0].start, piece[-1].end, sentence.paragraph)
            entry.first_sentence = index
        if not entry.marked and index in marks:
            entry.marked = any(s <= start and end <= e for s, e in marks[index])
        text = sentence.text
        left = text[start - 1] if start > 0 else "^"
        right = text[end] if end < len(text) else "$"
        lefts, rights = entry.lefts, entry.rights
        lefts[left] = lefts.get(left, 0) + 1
        rights[right] = rights.get(right, 0) + 1

    verbal: dict[str, list] = defaultdict(list)  # term -> its (piece, sentence index) occurrences
    english = [is_english(sentence.text) for sentence in sentences]
    for index, sentence in enumerate(sentences):
        taken: set[tuple[int, int]] = set()
        glosses = [] if english[index] else english_glosses(sentence.text)
        biography = not english[index] and bool(_BIOGRAPHY.search(sentence.text)) and any(t.pos == "PER" for t in sentence.tokens)
        for run in _runs(sentence):
            for begin in range(len(run)):
                raw = ""
                for stop in range(begin + 1, min(begin + MAX_TOKENS, len(run)) + 1):
                    # Only the word just added can break the span: the earlier ones were checked already.
                    if stop - begin > 1 and run[stop - 2].end != run[stop - 1].start:
                        if not _spaced_words(sentence, run[stop - 2], run[stop - 1]):
                            break
                        raw += " "
                    piece = run[begin:stop]
                    raw += run[stop - 1].text
                    term = _clean(raw)
                    if not _good(term, piece) or _URLISH.search(term):
                        continue
                    if glosses and _in_gloss(term, piece[0].start - sentence.start, piece[-1].end - sentence.start, glosses):
                        continue
                    if biography and all(token.pos in _NAMES for token in piece):
                        continue
                    taken.add((piece[0].start, piece[-1].end))
                    record(term, piece, index, sentence, "noun")
            # A long word holds the core term too: 乌头碱 in 新乌头碱, 风化壳 in 潜山风化壳.
            for token in run:
                if len(token.text) >= 4 and token.pos in NOUNISH and not re.search(r"[A-Za-z0-9]", token.text):
                    for cut in range(2, len(token.text) - 1):
                        for inner, begin in ((token.text[cut:], token.start + cut), (token.text[:len(token.text) - cut], token.start)):
                            if len(inner) < 2 or inner in GENERIC:
                                continue
                            piece = [type(token)(inner, token.pos, token.rank, begin, begin + len(inner))]
                            record(inner, piece, index, sentence, "subword")
        # English names procedures with nouns (machine learning: NN VBG); its verb spans are clauses.
        for run in () if english[index] else _wide_runs(sentence):
            for begin in range(len(run)):
                for stop in range(begin + 1, min(begin + MAX_TOKENS, len(run)) + 1):
                    piece = run[begin:stop]
                    if (piece[0].start, piece[-1].end) in taken or not _verbal_span(piece):
                        continue
                    term = _clean(sentence.text[piece[0].start - sentence.start:piece[-1].end - sentence.start])
                    if not (MIN_CHARS <= len(term) <= _max_chars(term)) or term in GENERIC or term.lower() in ENGLISH_GENERIC \
                            or piece[0].text in TRIM_LEFT \
                            or term.isdigit() or term in _EXERCISE_WORDS or _QUESTION.search(term) or _URLISH.search(term) \
                            or _PROSE_PHRASE.search(term) or _PART_LABEL.search(term) or _when_clause(piece):
                        continue
                    verbal[term].append((piece, index))
    # Verb-bearing spans once in a text are mostly clauses, not terms (0.9% are CSL keywords); seen
    # twice or in a heading they are as likely keywords as the noun phrases (4.4%, 5.5%).
    for term, seen in verbal.items():
        if term in stats or len(seen) >= VERBAL_MIN_FREQUENCY or any(sentences[i].heading for _, i in seen):
            for piece, index in seen:
                record(term, piece, index, sentences[index], "verbal")
    return stats


def title_of(sentences: list[Sentence]) -> str:
    """The first line when it is a heading (a paper's or a chapter's title), else ''."""
    return sentences[0].text if sentences and sentences[0].heading else ""


_LATIN = re.compile(r"[A-Za-z0-9\- .+]+")


def features(stats: dict[str, _Stats], sentence_count: int, dictionary: set[str] = frozenset(),
             title: str = "", prior: Prior | None = None) -> dict[str, list[float]]:
    """Each candidate's row of FEATURES; the prior features from `prior`, else the shipped model's."""
    prior = _shipped_prior() if prior is None else prior
    containers: dict[str, int] = defaultdict(int)
    nested_weight: dict[str, float] = defaultdict(float)
    contains: dict[str, bool] = defaultdict(bool)
    biggest_container: dict[str, float] = defaultdict(float)
    biggest_inner: dict[str, float] = defaultdict(float)
    # Every shorter candidate inside each candidate (a few hundred thousand slices per MB, so the
    # lookups are kept local; `found` is rarely true).
    find = stats.get
    for other, outer in stats.items():
        length, outer_frequency = len(other), outer.frequency
        for begin in range(length - MIN_CHARS + 1):
            for stop in range(begin + MIN_CHARS, length + 1 if begin else length):
                found = find(other[begin:stop])
                if found is None:
                    continue
                inner = other[begin:stop]
                containers[inner] += 1
                nested_weight[inner] += outer_frequency
                if outer_frequency > biggest_container[inner]:
                    biggest_container[inner] = outer_frequency
                if found.frequency > biggest_inner[other]:
                    biggest_inner[other] = found.frequency
                if found.frequency >= 2:
                    contains[other] = True
    top_frequency = max(entry.frequency for entry in stats.values()) if stats else 1.0
    rows = {}
    for term, entry in stats.items():
        adjusted = entry.frequency - (nested_weight[term] / containers[term] if containers[term] else 0.0)
        zipfs = [_zipf(t.text, entry.english) for t in entry.tokens]
        last = entry.tokens[-1].pos
        rows[term] = [
            math.log1p(entry.frequency), math.log1p(max(adjusted, 0.0)), float(entry.heading),
            entry.first_sentence / max(sentence_count, 1), min(len(term), 12) / 12, len(entry.tokens) / MAX_TOKENS,
            _zipf(term, entry.english) / 8, min(zipfs) / 8, max(zipfs) / 8, float(len(entry.tokens) == 1 and zipfs[0] > 4.5),
            float(last == "n"), float(last == "nz"), float(last == "vn"), float(last in ("ORG", "LOC", "nw")),
            math.log1p(containers[term]), float(contains[term]), float(entry.marked), float(term in dictionary),
            float(term in GENERIC), float(bool(_LATIN.fullmatch(term))),
            len(entry.sentences) / max(sentence_count, 1), sum(len(t.text) == 1 for t in entry.tokens) / len(entry.tokens),
            float(entry.subword),
            float(bool(title) and term in title), float(bool(title) and title.startswith(term)),
            entry.frequency / top_frequency, len(entry.lefts) / entry.frequency, len(entry.rights) / entry.frequency,
            max(entry.lefts.values()) / entry.frequency, max(entry.rights.values()) / entry.frequency,
            min(biggest_container[term] / entry.frequency, 4.0) / 4,
            entry.frequency / biggest_inner[term] if biggest_inner[term] else 1.0,
            float(entry.verbal), float(last == "v"), float(last == "TIME"),
            sum(t.pos in ("v", "a", "ad", "d") for t in entry.tokens) / len(entry.tokens),
            *prior.row(comparison_key(term), entry.tokens[-1].text),
        ]
    return rows


def _ranker():
    from toolkit.mining import textmodel

    path = textmodel.MODELS / "keyphrases_zh.json"
    if not path.exists():
        return None
    import json

    return json.loads(path.read_text(encoding="utf-8"))


_RANKER = lru_cache(maxsize=1)(_ranker)


@lru_cache(maxsize=1)
def _shipped_prior() -> Prior:
    model = _RANKER()
    counts = (model or {}).get("prior")
    if not counts:
        return Prior()
    return Prior({t: k for t, (k, _) in counts["terms"].items() if k},
                 {t: s for t, (_, s) in counts["terms"].items()}, counts["heads"], counts["abstracts"])


def _heuristic(row: list[float]) -> float:
    """The ranking before any model is trained: frequency with nesting discounted, length, headings."""
    named = dict(zip(FEATURES, row))
    return (named["log_adjusted"] + 0.3 * named["log_freq"]) * (1 + named["chars"]) * (1 + named["in_heading"]) \
        * (0.5 if named["common_word"] else 1.0) * (0.3 if named["generic"] else 1.0)


def pairwise(row: list[float]) -> list[float]:
    """The features with every product of two (degree-2 polynomial, as scikit-learn orders it)."""
    expanded = [1.0, *row]
    for i in range(len(row)):
        for j in range(i, len(row)):
            expanded.append(row[i] * row[j])
    return expanded


@lru_cache(maxsize=1)
def _quadratic_weights() -> tuple | None:
    """The ranker folded into score = const + x·linear + x·(quadratic)·x: the standard scaling and
    the degree-2 expansion (pairwise) never have to be built per candidate."""
    model = _RANKER()
    if model is None or model.get("features") != list(FEATURES):
        return None
    import numpy  # with the LAC models

    weights = numpy.asarray(model["coef"]) / numpy.asarray(model["scale"])
    const = float(model["intercept"] - numpy.dot(numpy.asarray(model["mean"]), weights) + weights[0])
    n = len(FEATURES)
    quadratic = numpy.zeros((n, n))
    quadratic[numpy.triu_indices(n)] = weights[1 + n:]
    return const, weights[1:1 + n], quadratic


def score_rows(rows: dict[str, list[float]]) -> dict[str, float]:
    folded = _quadratic_weights()
    if folded is None:
        return {term: _heuristic(row) for term, row in rows.items()}
    import numpy

    terms = list(rows)
    if not terms:
        return {}
    const, linear, quadratic = folded
    matrix = numpy.asarray([rows[t] for t in terms], dtype=float)
    z = numpy.clip(const + matrix @ linear + ((matrix @ quadratic) * matrix).sum(axis=1), -50.0, 50.0)
    return dict(zip(terms, (1 / (1 + numpy.exp(-z))).tolist()))


def _singular(key: str) -> str:
    """An English plural's singular for telling duplicates apart (participants / participant); a
    Chinese key as it is."""
    if not key.isascii() or len(key) < 4:
        return key
    if key.endswith("ies"):
        return key[:-3] + "y"
    if key.endswith(("sses", "shes", "ches", "xes")):
        return key[:-2]
    if key.endswith("s") and not key.endswith(("ss", "us", "is")):
        return key[:-1]
    return key


def _redundant(term: str, chosen: list[str], stats: dict[str, _Stats]) -> bool:
    """The same term as a better-ranked one but for case, width or spaces (Lyapunov函数 / lyapunov函数),
    or a piece cut out of a long word that never occurs outside a better-ranked term (索树 of
    二叉搜索树). Other nested terms are left to the ranker's boundary features (left_top,
    container_share): by 5-fold CV inside the CSL training file, dropping every candidate nested in a
    better one at no greater frequency cost F1@10 0.267 -> 0.261."""
    folded = _singular(comparison_key(term))
    if any(_singular(comparison_key(better)) == folded for better in chosen):
        return True
    return stats[term].subword and any(term in better and stats[term].frequency <= stats[better].frequency
                                       for better in chosen)


@contextmanager
def _collection_paused():
    """Candidates, features and their ranking allocate a few hundred thousand small objects and free
    them together; the cyclic garbage collector's passes over them cost about a sixth of that time and
    find nothing (they hold no cycles), so it waits until they are done (the ranking's sort alone, run
    with the collector on, took a tenth of a second per MB)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def extract(sentences: list[Sentence], terms: Iterable[str] = (), limit: int | None = None,
            document: Document | None = None, defined: Iterable[str] | dict[str, str] = ()) -> list[Candidate]:
    """`defined`: the terms the text defines (definitions.mine), which go ahead of those it only uses;
    as a dict, each with its defining sentence, which its result shows (payload `definition`)."""
    dictionary = {t.strip() for t in terms if t and t.strip()}
    marks = _marks_by_sentence(sentences, document)
    with _collection_paused():
        stats = candidates(sentences, marks)
        if not stats:
            return []
        scores = score_rows(features(stats, len(sentences), dictionary, title_of(sentences)))
        return _chosen(stats, scores, sentences, dictionary, limit, document,
                       defined if isinstance(defined, dict) else dict.fromkeys(defined, ""))


# A term the text defines is one of its knowledge points, where a term it only uses may be another
# text's (时间复杂度, 结点 on every algorithm page): it gains half the best score. Decided on the
# OI-wiki tuning pages' first 10, judged by hand (49 -> 58 of 100), before the held-out pages were run.
DEFINED_BOOST = 0.5


# An English name (Genêt, Massachusetts, Christianity) is capitalised wherever the text says it, also
# inside a sentence; a term is written in lower case there and capitalised only at a sentence's start
# (Homeostasis is…). Of the points said for the DEFT tuning files (their first 40), 5 of 36 such names were
# terms those files define, against 97 of 240 other points.
PROPER_NAME_FACTOR = 0.25
_SENTENCE_OPENERS = frozenset("^\"“‘'")


def _proper_name(term: str, stats: dict[str, _Stats]) -> bool:
    entry = stats[term]
    if not entry.english or not term.isascii() and not all(ch.isalpha() or ch in " -'" for ch in term):
        return False
    words = term.split()
    if not all(w[:1].isupper() and not w.isupper() for w in words):
        return False  # acronyms (DNA, GDP) are terms as often as not
    if (term[0].lower() + term[1:]) in stats or term.lower() in stats:
        return False  # also written in lower case: a word capitalised at a sentence's start
    return any(left not in _SENTENCE_OPENERS for left in entry.lefts)


def _chosen(stats: dict[str, _Stats], scores: dict[str, float], sentences: list[Sentence], dictionary: set[str],
            limit: int | None, document: Document | None, defined: dict[str, str] | None = None) -> list[Candidate]:
    """The best-scored candidates as results, near-duplicates of better ones left out."""
    if defined and scores:
        boost = DEFINED_BOOST * max(scores.values())
        for term in defined.keys() & scores.keys():
            scores[term] += boost
    for term in dictionary & set(scores):
        scores[term] = scores[term] * 2 + 1  # the teacher's own terms first
    if document is not None and document.kind != "md":
        # A formula broken into lines is no prose: a term said only there is a letter of it (the lines
        # also read as headings, which the ranker favours). Markdown formulas are dropped earlier.
        debris = formula_debris(document)
        if debris:
            for term in [t for t in scores if not _CJK.search(t)]:
                if all(sentences[i].paragraph in debris for i in stats[term].sentences):
                    del scores[term]
            if not scores:
                return []
    for term in [t for t in scores if _proper_name(t, stats)]:
        scores[term] *= PROPER_NAME_FACTOR
    ranked = sorted(scores, key=lambda t: (-scores[t], t))
    chosen: list[str] = []
    for term in ranked:
        if not _redundant(term, chosen, stats):
            chosen.append(term)
        if limit and len(chosen) >= limit:
            break
    top = scores[chosen[0]] or 1.0
    result = []
    for term in chosen:
        start, end, paragraph = stats[term].first
        location = document.locate(start, end) if document is not None else {"paragraph": paragraph, "start": start, "end": end}
        payload = {"term": term, "count": int(stats[term].frequency)}
        if defined and defined.get(term):
            payload["definition"] = defined[term]  # why it ranks high, and what it is, for the reviewer
        result.append(Candidate("points", max(scores[term] / top, 1e-4), payload, location))
    return result


def _marks_by_sentence(sentences: list[Sentence], document: Document | None) -> dict[int, list[tuple[int, int]]]:
    if document is None:
        return {}
    found = {}
    for index, sentence in enumerate(sentences):
        if sentence.paragraph < len(document.paragraphs) and document.paragraphs[sentence.paragraph].marks:
            paragraph = document.paragraphs[sentence.paragraph]
            shift = sentence.start - paragraph.start
            found[index] = [(s - shift, e - shift) for s, e in paragraph.marks]
    return found


def mine(document: Document, terms: Iterable[str] = (), limit: int | None = 200,
         defined: Iterable[str] | dict[str, str] | None = None) -> list[Candidate]:
    """Knowledge points of a document, best first, scores in (0, 1].

    LAC's word importance (its mode rank) is not asked for: as ranker features it moved the CSL
    cross-validated F1@10 by 0.002 (0.2822 -> 0.2841) for a second model pass. `defined`: the terms the document
    defines, when the caller has mined its definitions already; else they are mined here, and each
    such point's result holds its first defining sentence (payload `definition`)."""
    terms = list(terms)
    if defined is None:
        from toolkit.mining import definitions

        defined = {}
        for found in definitions.mine(document, terms):  # in document order: a term's first definition
            defined.setdefault(found.payload["term"], found.payload["sentence"])
    cited = document.reference_paragraphs()  # a 参考资料 list names other works, not what the text teaches
    sentences = [s for s in analyse(document, "lac", terms) if s.paragraph not in cited]
    return extract(sentences, terms, limit, document, defined)


_DEBRIS_CHARS = 8


def formula_debris(document: Document) -> set[int]:
    """Paragraphs that are pieces of a formula a PDF broke apart (FrM, Md, Ek, mgh, one a line, and
    each short line beside another): short lines with no Chinese, next to another such line. A
    heading of its own (TCP/IP over prose) stands between prose and is no debris."""
    short = [len(document.paragraph_text(i).strip()) <= _DEBRIS_CHARS and not _CJK.search(document.paragraph_text(i))
             for i in range(len(document.paragraphs))]
    return {i for i, is_short in enumerate(short) if is_short and (i and short[i - 1] or i + 1 < len(short) and short[i + 1])}


def drop_batch_boilerplate(documents: list[Document], results: list[list[Candidate]], share: float = 0.5) -> list[list[Candidate]]:
    """In a batch of course files, a point whose every occurrence sits on a line repeated verbatim
    across at least `share` of the files (a running header, a URL, an author or a label) is not a
    knowledge point: left out of every file's result."""
    if len(documents) < 3:
        return results
    line_files: dict[str, int] = defaultdict(int)
    for document in documents:
        for line in {document.paragraph_text(i).strip() for i in range(len(document.paragraphs))}:
            line_files[line] += 1
    repeated = {line for line, count in line_files.items() if count >= max(2, share * len(documents))}
    boiler: set[str] = set()
    for document, found in zip(documents, results):
        lines = [document.paragraph_text(i).strip() for i in range(len(document.paragraphs))]
        for candidate in found:
            term = candidate.payload["term"]
            holding = [line for line in lines if term in line]
            if holding and all(line in repeated for line in holding):
                boiler.add(term)
    return [[c for c in found if c.payload["term"] not in boiler] for found in results]


@dataclass
class LabelledDocument:
    """One document's candidates for training and cross-validation of the ranker."""
    terms: list[str]
    rows: list[list[float]]
    labels: list[int]
    stats: dict[str, _Stats]
    gold: set[str]


def labelled_document(sentences: list[Sentence], document: Document, gold: list[str]) -> LabelledDocument:
    stats = candidates(sentences, _marks_by_sentence(sentences, document))
    rows = features(stats, len(sentences), title=title_of(sentences), prior=Prior())  # training adds the prior per fold
    wanted = {comparison_key(g) for g in gold}
    terms = sorted(rows)
    return LabelledDocument(terms, [rows[t] for t in terms], [int(comparison_key(t) in wanted) for t in terms], stats, wanted)


def top_terms(terms: list[str], scores: list[float], stats: dict[str, _Stats], limit: int) -> list[str]:
    """The best `limit` terms by score, fragments of better ones left out (as extract does)."""
    chosen: list[str] = []
    for index in sorted(range(len(terms)), key=lambda i: (-scores[i], terms[i])):
        if not _redundant(terms[index], chosen, stats):
            chosen.append(terms[index])
        if len(chosen) >= limit:
            break
    return chosen


def training_rows(texts_and_gold: list[tuple[Document, list[str]]]) -> tuple[list[list[float]], list[int]]:
    """Feature rows and labels (1 when the candidate is one of the gold keyphrases) for the ranker."""
    X, y = [], []
    for document, gold in texts_and_gold:
        labelled = labelled_document(analyse(document, "lac"), document, gold)
        X += labelled.rows
        y += labelled.labels
    return X, y


_CSL_TITLE = re.compile(r"^(?P<head>.*[。.!?！？])\s+(?P<title>[^。.!?！？\n]{1,60})$", re.S)


def csl_document(text: str) -> Document:
    """A CSL row (abstract, then its title after the last full stop, "." or "。") as a document whose
    first line is the title, set as a heading, as a course text would have it."""
    found = _CSL_TITLE.match(text.rstrip())
    if not found:
        return Document.from_text(text)
    document = Document.from_text(found.group("title") + "\n" + found.group("head"))
    document.paragraphs[0].style_level = 1
    return document
