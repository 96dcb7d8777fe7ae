"""Relations between knowledge points: prerequisite (Behind: start must be learnt before target),
contain (Contain: start contains target) and related (Mutual), each with the sentence that supports
it, plus how strongly the two points co-occur across the document."""
from __future__ import annotations

import functools
import math
import re
from collections import Counter, defaultdict
from itertools import combinations
from typing import Iterable, NamedTuple

from toolkit.mining.analysis import Sentence, split_sentences
from toolkit.mining.candidates import Candidate
from toolkit.mining.documents import Document

# A clause's subject: the name at the clause's start (after a demonstrative at most). Only the subject
# stands under what the clause says of it: in 中国的国家主权属于全体中国人民 or 恢复原状请求权属于侵权责任方式
# the name right before 属于 is a piece of the subject.
_SUBJECT = r"(?:^|(?<=[，,：:；;。！？!?\s而则故即]))(?:这种|这类|该|此)?"

# Each cue: (regex over the sentence with points replaced by {X}/{Y} placeholders, type, which
# placeholder is the start). Points become placeholders P0, P1... in sentence order first.
_BEHIND_CUES = [
    (r"学习(?P<b>P\d+)(?:之前|以前|前)[^P。]*?(?:先|应当?|需要?|必须)?[^P。]*?(?:掌握|了解|学习|学好|熟悉)(?P<a>P\d+)", "a", "b"),
    # Only the clause's subject rests under it: 能否黏附定植于肠道壁是益生菌作用的前提 says nothing of 肠道壁.
    (_SUBJECT + r"(?P<a>P\d+)(?:是|为)(?:学习|掌握)?(?P<b>P\d+)的(?:理论|重要|必要|直接)?(?:基础|前提|先修|先导)", "a", "b"),
    (r"(?P<b>P\d+)(?:必须|需要|要|应当?)?(?:以|是以)(?P<a>P\d+)为(?:基础|前提)", "a", "b"),
    # 在A的基础上，指定一个结点称为根，则形成一棵B: B is what is formed last, not the next name (结点).
    (r"在(?P<a>P\d+)的基础上[^。]*(?:形成|得到|称为|构成|构造|定义|引入|提出|建立|发展出|推导出|学习)(?:了)?(?:一棵|一个|一种|一类|的)?\s*(?P<b>P\d+)", "a", "b"),
    # …基于A的N qualifies a noun (加拿大基于国际参考价格的药品价格监测模式): no prerequisite of what stands before.
    (r"(?P<b>P\d+)(?:依赖于|依赖|建立在|基于(?=P\d+(?!的(?!基础))))(?P<a>P\d+)", "a", "b"),
    (r"掌握(?:了)?(?P<a>P\d+)(?:之后|以后|后)[^P。]*?(?:才能|可以|便可|再)[^P。]*?(?P<b>P\d+)", "a", "b"),
    (r"先(?:学习?|掌握)?(?P<a>P\d+)[^P。]*?再(?:学习?|掌握)?(?P<b>P\d+)", "a", "b"),
    (r"(?P<b>P\d+)(?:需要|要求)(?:先|预先)?(?:掌握|具备|了解)(?P<a>P\d+)", "a", "b"),
    (r"(?:先学|先掌握|需要先掌握|应先掌握)(?:好)?(?P<a>P\d+)[^P。]*?(?:才能|再|然后)[^P。]*?(?P<b>P\d+)", "a", "b"),
    (r"在(?:学习)?(?P<b>P\d+)之前[^P。]*?(?:先|应当?|需要?|必须)[^P。]*?(?:掌握|了解|学习|学好|熟悉)(?P<a>P\d+)", "a", "b"),
    (r"(?P<b>P\d+)\s+(?:requires|builds on|depends on|presupposes)\s+(?:(?:an?|the)\s+)?(?:understanding of\s+)?(?P<a>P\d+)", "a", "b"),
    (r"(?P<a>P\d+)\s+is\s+(?:a\s+)?prerequisite\s+(?:of|for)\s+(?P<b>P\d+)", "a", "b"),
]
_CONTAIN_CUES = [
    # 有 only as "has" (有待于, 有助于, 有关 are no lists: 感性认识有待于发展为理性认识).
    # …由电阻器构成的分压器: 构成 that qualifies a noun closes no list.
    (r"(?P<a>P\d+)(?:主要)?(?:包括|包含|分为|可分为|划分为|有(?![待助利关效益限所些着了的别用力赖])|由)[^。]*?(?P<list>(?:P\d+[、，,和与及或以及]*)+)(?:等|组成(?!的)|构成(?!的)|几种|两种|三种|[。；])", "list"),
    (_SUBJECT + r"(?P<b>P\d+)(?:是|属于)(?P<a>P\d+)的(?:一种|一类|一部分|组成部分|特例|特殊情况|分支)", "single"),
    # 属于 a people or an owner (国家主权属于全体人民) says who owns it, not what kind it is.
    (_SUBJECT + r"(?P<b>P\d+)属于(?P<a>P\d+)(?!所有)", "belongs"),
    # X是一种Y / X是一类平衡的Y: Y contains X.
    # Only the sentence's subject (at its start or after a comma): 行动的轨迹是一个回路 says what a
    # trajectory is here, not that 回路 contains 轨迹; 一个 is left out for the same reason.
    (r"(?:^|(?<=[，,：:；;。]))\s*(?P<b>P\d+)\s*[，,]?\s*(?:是|为)(?:一种|一类|一棵|一门)[^P。，,；]{0,10}?(?P<a>P\d+)\s*(?:[。．；;，,]|$)", "single"),
]
_MUTUAL_CUES = [
    # A name right after 的 heads a longer phrase (催化剂催化燃烧碳烟的活性与…有关): that phrase is related, not the name.
    r"(?<!的)(?P<a>P\d+)(?:与|和|同)(?P<b>P\d+)(?:密切相关|相关|有关|有密切联系|相互联系|相互关联|相对应|相似|类似|互为|的区别|的联系|的关系|的比较)",
]
_BEHIND = [(re.compile(p), a, b) for p, a, b in _BEHIND_CUES]
_CONTAIN = [(re.compile(p), kind) for p, kind in _CONTAIN_CUES]
_MUTUAL = [re.compile(p) for p in _MUTUAL_CUES]
_OWNER = re.compile(r"(?:人民|公民|群众|集体|国家|个人|全民|本人|所有者|劳动者)$")
_ITEM_NUMBER = re.compile(r"(?:^|[\s。；;，,：:（(])(?:\d+|[一二三四五六七八九十]+)、$")


def _second_of_a_list(coded: str, end: int) -> bool:
    """Whether the name at `end` follows another's 与/和/、 (8、 or 三、 numbering a list item is no list)."""
    before = coded[:end]
    return before.endswith(("与", "和", "同", "跟", "及")) or (before.endswith("、") and not _ITEM_NUMBER.search(before))


def _mentions(text: str, matcher: re.Pattern | None) -> list[tuple[int, int, str]]:
    if matcher is None:
        return []
    return [(m.start(), m.end(), m.group(0)) for m in matcher.finditer(text)]


def build_matcher(points: Iterable[str]) -> re.Pattern | None:
    """One alternation, longest first, so 二叉树的遍历 wins over 二叉树."""
    names = sorted({p.strip() for p in points if p and len(p.strip()) >= 1}, key=lambda p: (-len(p), p))
    if not names:
        return None
    return re.compile("|".join(re.escape(n) for n in names))


# A P and digits in the text itself (P21 空间群, P<0.05) would read as a placeholder, and so would a
# placeholder run into the digits after it (P0 + 2010年 as P02010): outside the mentions such a P
# becomes, and between a placeholder and a digit stands, a character no text carries.
_LITERAL_PLACEHOLDER = re.compile(r"P(?=\d)")
_NO_TEXT = "\ufffc"


def _placeholders(text: str, mentions: list[tuple[int, int, str]]) -> tuple[str, list[tuple[int, int, str]]]:
    out, last = [], 0
    for index, (start, end, _name) in enumerate([*mentions, (len(text), len(text), "")]):
        between = _LITERAL_PLACEHOLDER.sub(_NO_TEXT, text[last:start])
        out.append(_NO_TEXT + between if index and between[:1].isdigit() else between)
        if index < len(mentions):
            out.append(f"P{index}")
        last = end
    return "".join(out), mentions


# A full stop as scientific abstracts write it (…高精度被动定位技术.声图测量的…): a point after a Chinese character,
# a bracket or a name and before one (not 1.5, not v2.0), so the cues see where a sentence ends.
_LATIN_STOP = re.compile(r"(?<=[\u4e00-\u9fff）)”」\d])\.(?=[\u4e00-\u9fff（(“「P]|\s|$)")


def _pairs_in(sentence_text: str, mentions) -> list[tuple[str, str, str, str]]:
    """(type, start name, target name, cue) found in one sentence; a Mutual pair's cue is followed by
    the span its first name has in the sentence (see _first_is_whole)."""
    coded, _ = _placeholders(sentence_text, mentions)
    coded = _LATIN_STOP.sub("。", coded)
    names = [m[2] for m in mentions]

    def name(code: str) -> str:
        return names[int(code[1:])]

    found = []
    for regex, first, second in _BEHIND:
        for m in regex.finditer(coded):
            found.append(("Behind", name(m.group(first)), name(m.group(second)), regex.pattern[:12]))
    for regex, kind in _CONTAIN:
        for m in regex.finditer(coded):
            if kind == "list":
                for code in re.findall(r"P\d+", m.group("list")):
                    found.append(("Contain", name(m.group("a")), name(code), "contain"))
            elif not (kind == "belongs" and _OWNER.search(name(m.group("a")))):
                found.append(("Contain", name(m.group("a")), name(m.group("b")), "belongs"))
    for regex in _MUTUAL:
        for m in regex.finditer(coded):
            # A与B和C有关 relates A to each: B and C are a list, no pair.
            if not _second_of_a_list(coded, m.start("a")):
                at = mentions[int(m.group("a")[1:])]
                found.append(("Mutual", name(m.group("a")), name(m.group("b")), "related", (at[0], at[1])))
    return [f for f in found if f[1] != f[2]]


def _first_is_whole(spans: list[tuple[str, int, int]]) -> list[bool]:
    """Whether each name (text, start, end) opens a name where the sentence says it, rather than being a piece of a longer one:
    in 研究了农村粮食安全与粮食流通的关系 the cue relates 农村粮食安全, not the point 粮食安全 inside it, and in 可见于小儿温病、
    小儿感冒等疾病 the first example is 小儿温病, not 温病. A word-opening character before the name settles it (了, 在, 、);
    else LAC reads the stretch before it: the name must open a word, and the word before must be none that modifies a noun
    (a noun, adjective or distinguishing word such as 农村, 急性 or 小儿: verbs, prepositions and the like, as 用于 or 处理, do not)."""
    from toolkit.mining import lac_shim

    results, windows = [], []
    for text, start, end in spans:
        if start == 0 or text[start - 1] in _WORD_OPEN or not re.match(r"[\u4e00-\u9fff]", text[start - 1]):
            results.append(True)
            continue
        left = max(0, start - 8)
        windows.append((text[left:end], start - left))
        results.append(None)
    read = []
    for (window, start), output in zip(windows, lac_shim.run([w for w, _ in windows], "lac", []) if windows else []):
        position, before, opens = 0, None, False
        for word, tag in zip(output[0], output[1]):
            found = window.find(word, position)
            found = position if found < 0 else found
            if found + len(word) == start:
                before = tag
            if found == start:
                opens = True
            position = found + len(word)
        read.append(opens and before not in _COMPOUND_TAGS | {"a", "b", "an", "j"})
    read_iter = iter(read)
    return [r if r is not None else next(read_iter) for r in results]


# Co-occurrence alone says little (memset–sizeof): a Mutual pair from it needs this normalised PMI
# and this many shared sentences, and such pairs never outnumber the relations a cue supports.
MIN_STRENGTH = 0.5


def extract(sentences: list[Sentence], points: Iterable[str], document: Document | None = None,
            min_cooccurrence: int = 3, anchored: set[str] | None = None) -> list[Candidate]:
    """anchored: the names co-occurrence may pair (a document's defined terms and headings); None: all."""
    matcher = build_matcher(points)
    cooccur: Counter = Counter()
    mentions_of: Counter = Counter()
    explicit: dict[tuple[str, str, str], tuple[Sentence, str]] = {}
    first_pair_sentence: dict[tuple[str, str], Sentence] = {}
    first_at: dict[tuple[str, str, str], tuple[str, int, int]] = {}
    for sentence in sentences:
        mentions = _mentions(sentence.text, matcher)
        names = sorted({m[2] for m in mentions})
        for name in names:
            mentions_of[name] += 1
        for a, b in combinations(names, 2):
            cooccur[(a, b)] += 1
            first_pair_sentence.setdefault((a, b), sentence)
        if len(mentions) >= 2:
            for kind, start, target, cue, *at in _pairs_in(sentence.text, mentions):
                if at:
                    first_at.setdefault((kind, start, target), (sentence.text, *at[0]))
                explicit.setdefault((kind, start, target), (sentence, cue))
    # A与B的关系 with A a piece of a longer name (the cue relates the longer one): no pair.
    pieces = [key for key, whole in zip(first_at, _first_is_whole(list(first_at.values()))) if not whole]
    for key in pieces:
        explicit.pop(key, None)
    total = max(len(sentences), 1)

    def strength(a: str, b: str) -> float:
        """Normalised PMI of the two points over sentences, 0..1."""
        pair = cooccur.get(tuple(sorted((a, b))), 0)
        if not pair:
            return 0.0
        p_ab = pair / total
        p_a, p_b = mentions_of[a] / total, mentions_of[b] / total
        if p_ab >= 1:
            return 1.0
        return max(0.0, math.log(p_ab / (p_a * p_b)) / -math.log(p_ab))

    candidates = []
    covered = set()
    for (kind, start, target), (sentence, cue) in explicit.items():
        co = strength(start, target)
        score = {"Behind": 0.85, "Contain": 0.8, "Mutual": 0.7}[kind] + 0.15 * co
        covered.add(tuple(sorted((start, target))))
        candidates.append(_candidate(kind, start, target, min(score, 1.0), sentence, co,
                                     cooccur.get(tuple(sorted((start, target))), 0), document, cue))
    by_cooccurrence = []
    for (a, b), count in cooccur.items():
        if (a, b) in covered or count < min_cooccurrence or (anchored is not None and not {a, b} <= anchored):
            continue
        co = strength(a, b)
        if co < MIN_STRENGTH:
            continue
        by_cooccurrence.append(_candidate("Mutual", a, b, 0.3 + 0.4 * co, first_pair_sentence[(a, b)], co, count, document,
                                          "co-occurrence"))
    by_cooccurrence.sort(key=lambda c: (-c.score, c.payload["start"], c.payload["target"]))
    candidates += by_cooccurrence[:len(candidates)]
    candidates.sort(key=lambda c: -c.score)
    return candidates


# Lists a course gives a term's parts or kinds in (issue 15): 理性认识包括概念、判断和推理三种形式, 约束分为A、B、C,
# 马克思主义的组成部分：A、B和C, 把资本区分为不变资本和可变资本, 存储过程是…，可分为三类，分别是A、B、C.
_LIST_CUE = re.compile(
    r"(?P<of>的(?:基本|主要)?[\u4e00-\u9fff]{0,2}?(?:组成部分|类型|形式|分类|种类|构成)(?:主要)?(?:包括|有|是|为|\s*[:：]))?"
    r"(?(of)|(?:主要包括|包括|包含|可分为|分为|划分为|区分为|分成|主要有))"
    r"\s*(?:的?(?:主要)?(?:内容|方面|部分)(?:有|是)?)?\s*[:：]?\s*(?:(?:以下|如下)?[一二三四五六七八九十两\d]+\s*(?:种|类|个|部分|方面|大类)[^，,：:。；;]{0,6}?[，,：:]\s*(?:分别是|分别为|即|有)?\s*[:：]?\s*)?")
# What ends a list: 等…, (这)三种形式.
_LIST_TAIL = re.compile(r"\s*(?:等.*|(?:这样|这)?[一二三四五六七八九十两\d]+\s*(?:大|种|类|个|项|部分|方面).*)$")
_LIST_LEAD = re.compile(r"^\s*(?:[（(][^（）()]{1,6}[）)]|[①-⑳]|\d{1,2}\s*[.、．)）]|[一二三四五六七八九十]{1,2}\s*[、.．])+\s*")
_PRONOUN = re.compile(r"^(?:它们?|其|这|这些|其中|二者|两者|以下|主要|可|也|还|又|一般|通常)?$")
# 我军指挥信息系统按照系统层次来分: the owner is what comes before the criterion.
_CRITERION = re.compile(r"(?:按照|按|根据|依据)[^，,；;：:]*$")
MAX_LIST_ITEM = 10


def _list_owner(text: str, cue: re.Match) -> str:
    """The term a list belongs to: the subject of the cue's own clause (约束 in 23.约束分为…, 资本 in 把资本区分为,
    马克思主义 in 马克思主义的组成部分：), else the label or subject the sentence opens with (感性认识：…，包括…;
    存储过程是…，可分为…)."""
    clause = _LIST_LEAD.sub("", re.split(r"[，,；;：:]", text[:cue.start()])[-1]).strip()
    clause = _CRITERION.sub("", re.split(r"把|可以?将", clause)[-1]).strip()
    if clause and not _PRONOUN.match(clause) and len(clause) <= 12:
        return clause
    if cue.group("of"):
        return ""
    first = re.match(r"[^，,；;：:。]{1,24}", text)
    if not first or first.end() > cue.start():
        return ""
    opening = _LIST_LEAD.sub("", first.group(0)).strip()
    if _CRITERION.search(opening):
        opening = _CRITERION.sub("", opening).strip()
    elif re.match(r"\s*[：:]", text[first.end():]):
        pass  # a label: 感性认识：…，包括…
    else:
        subject = re.match(r"(.{1,16}?)(?:是|指(?!针|出|定|向|导|数|令|标|挥))", opening)
        opening = subject.group(1) if subject else ""
    return opening if len(opening) <= 16 else ""


def list_parts(sentences: list[Sentence]) -> list[tuple[str, list[str], Sentence]]:
    """(owner, parts, sentence) for each list of two to N short names after a 包括/分为/的组成部分 cue."""
    found = []
    for sentence in sentences:
        text = sentence.text
        for cue in _LIST_CUE.finditer(text):
            if cue.end() == cue.start():
                continue
            chunk = _LIST_TAIL.sub("", re.split(r"[，,。．；;]", text[cue.end():])[0]).strip()
            # 或 joins two ways of one name (地形或景象匹配制导), not two parts.
            items = [i.strip() for part in re.split(r"\s*[、/]\s*", chunk) for i in re.split(r"\s*(?:以及|和|及|与)\s*", part)]
            # A Latin word counts as one character (PRIMARY KEY约束); 着… is a verb's object (包含着…), a 的 makes
            # a phrase (国家的政治), a blank (_____ , （ ）) an exercise.
            if len(items) < 2 or not all(2 <= len(re.sub(r"[A-Za-z0-9]+(?: [A-Za-z0-9]+)*", "A", i)) <= MAX_LIST_ITEM
                                         and not re.match(r"[着了过]", i) and not re.search(r"[：:的]", i)
                                         and re.search(r"[\u4e00-\u9fffA-Za-z]", i) for i in items):
                continue  # a list of names, or nothing (感性认识有待于发展和深化为…)
            owner = _list_owner(text, cue)
            if _LOCATIVE.search(owner) or re.search(r"[中里内]的", owner):
                continue  # 真理中包含着…, 中药中的药物: where, not what
            # 通道分为模拟量和数字量通道: the owner's name, said once at the end, belongs to every part.
            if items[-1].endswith(owner) and len(items[-1]) > len(owner):
                items = [i if i.endswith(owner) else i + owner for i in items]
            if len(owner) >= 2 and owner not in items:
                found.append((owner, items, sentence))
    return found


# X是一种…Y as abstracts say it (遗传算法是一种全局最优化算法, 高氮奥氏体不锈钢是一类具有…性能的合金结构钢): the kind is the
# noun that closes the clause, after its last 的, whether or not the point miner proposed it; X is a point and the whole
# subject of its clause. Words that only praise or date it (新型, 有效) are left off the kind.
# X属于Y likewise (辉石闪长岩属于高钾钙碱性系列侵入岩), but there Y is all the rest of the clause and must read as a term.
_STATED_KIND = re.compile(r"(?:^|(?<=[，,：:；;。]))\s*(?:这种|这类|该)?(?P<b>[^，,：:；;。．\s]{2,20}?)\s*[，,]?\s*(?P<cue>是(?:一种|一类)|(?:也|均|都|仍|同)?属于)"
                          r"(?P<rest>[^。．，,；;：:]{1,30}?)\s*(?=[。．；;，,]|$)")
_KIND_SHAPE = re.compile(r"[\u4e00-\u9fffA-Za-z0-9\-]{2,12}")  # a name of two to twelve characters, no punctuation
_KIND_PRAISE = re.compile(r"^(?:新型|新兴|全新|新|先进|较好|良好|有效|重要|典型|常见|常用|特殊|较为|新颖|简单|高效|实用|可行|理想|独特|"
                          r"非常|十分|极为|最|很|较)+")
# Kinds too general to learn (一种有效措施, 一种有益的尝试, 一种可行方法).
# A name ending in a way (权重确定途径) is a way too; the other words only alone (存储过程 is a kind, 过程 none).
_GENERAL_KIND = re.compile(r"(?:方法|措施|途径|手段|方式|尝试|必然)$|^(?:选择|思路|模式|现象|产物|东西|事物|工作|活动|过程|问题|情况)$")
# A closed class of general-language nouns that name no subject matter: any field says them of what it speaks of (一种重要资源,
# 一种新的理论, A、B等技术, 理论与实践的关系), so as a stated kind or a related end they name nothing a course teaches. Alone only
# (praise words left off): with a modifier of subject matter they can be kinds (可再生资源, 经济理论, 比较排序算法).
_GENERAL_NOUN = re.compile(r"^(?:理论|学说|思想|观点|理念|原则|资源|模式|模型|机制|体制|体系|制度|政策|工具|系统|平台|载体|技术|方案|"
                           r"材料|物质|产品|因素|要素|服务|实践|行为|手段|方法|方式|现象|过程|问题|情况|东西|事物|产物|选择|思路|对象|"
                           r"领域|方向|课题|内容|形式|方面|作用|效果|影响|结果|成果|趋势|特点|特征|性质|功能|任务|工作|活动)$")
# Words for instances, lessons or advice (典型案例, 成功经验, 有效举措): whatever modifies them, they name cases, no concept class.
_INSTANCE_NOUN = re.compile(r"(?:案例|实例|事例|范例|个案|例子|经验|做法|举措|对策|建议|意见|看法|启示)$")


def _general_kind(kind: str) -> bool:
    """A kind or a related end too general to learn (see _GENERAL_KIND, _GENERAL_NOUN, _INSTANCE_NOUN)."""
    kind = _KIND_PRAISE.sub("", kind)
    return bool(_GENERAL_KIND.search(kind) or _GENERAL_NOUN.match(kind) or _INSTANCE_NOUN.search(kind))


def stated_kinds(sentences: list[Sentence], names: set[str]) -> list[tuple[str, str, Sentence]]:
    """(kind, name, sentence) for each 名称是一种…种类 or 名称属于种类 whose subject is one of `names`: Contain kind → name."""
    found, belongs = [], []
    for sentence in sentences:
        text = _LATIN_STOP.sub("。", sentence.text)
        for m in _STATED_KIND.finditer(text):
            if m.group("b") not in names:
                continue
            if "属于" in m.group("cue"):
                kind = m.group("rest").strip()
                if not _OWNER.search(kind) and _KIND_SHAPE.fullmatch(kind) and kind != m.group("b") \
                        and not _GENERIC_GENUS.match(kind) and not _general_kind(kind):
                    belongs.append((kind, m.group("b"), sentence))
                continue
            kind = _KIND_PRAISE.sub("", re.split(r"的", m.group("rest"))[-1].strip())
            if not _KIND_SHAPE.fullmatch(kind) or re.search(r"[、和与及或]", m.group("rest").split("的")[-1]) \
                    or _GENERIC_GENUS.match(kind) or _general_kind(kind) or kind == m.group("b"):
                continue
            found.append((kind, m.group("b"), sentence))
    # 属于侵权责任方式而非物权请求权: the rest of the clause reads as a term (a verb with its object does not) or is no kind.
    nouns = termlike({kind for kind, _, _ in belongs}) if belongs else set()
    return found + [b for b in belongs if b[0] in nouns]


# A、B和C等Y as abstracts give kinds by example (磷灰石、角闪石、辉石等矿物, 住宅区、工业区和商业区等功能区域): Y contains each.
# The first example is a point ending at the first 、, the others whole names between the separators; Y closes the clause
# (a place word after it left off: 等多种疾病中) or stands before 的 (磷灰石、角闪石等矿物的结晶分异作用: the examples are minerals).
_EXAMPLES = re.compile(r"(?P<items>(?:、[^、，,。．；;：:（）()“”\s]{2,12})+?)等(?:多种|诸多|各种|一系列)?(?P<kind>[^、，,。．；;：:（）()“”\[\]\s等的]{2,12}?)"
                       r"(?:[中内里]?\s*(?=[。．；;，,）)]|$)|(?=的))")
# Kinds of examples too general to learn: the aspects, properties, measures or means a study lists.
_GENERAL_EXAMPLE_WORDS = (r"(?:方面|问题|因素|性能|指标|特点|特性|特征|优点|缺点|措施|方法|手段|方式|资料|角度|维度|功能|任务|体验|诉求|作用|功效|"
                          r"部分|学科|学者|专家|变量|领域|内容|环节|工作|活动|过程|步骤|情况|现象|形式|要素|条件|参数|数据|结果|效果|影响|"
                          r"能力|水平|途径|技术|工艺|信息|项目|地区|国家|城市|单位|部门|人员|品种|产品|材料|物质|成分)")
# …等方面进行比较: a general word that opens the rest of the clause is the kind as well.
_GENERAL_EXAMPLES = re.compile(f"^(?:方面|问题|因素|指标|角度|维度|特点|特性|优点|性能|措施|方法)|{_GENERAL_EXAMPLE_WORDS}$")


def noun_phrases(names: Iterable[str]) -> set[str]:
    """The names LAC reads as nouns alone, with adjectives or nouns in front (功能区域, 严重并发症), not a clause that goes on
    after a noun (指标进行测试, 细胞计数法相继问世)."""
    from toolkit.mining import lac_shim

    names = sorted(set(names))
    kept = set()
    for name, output in zip(names, lac_shim.run(names, "lac", []) if names else []):
        tags = [t for w, t in zip(output[0], output[1]) if w.strip()]
        if tags and tags[-1] in ("n", "nz", "nw", "vn") and all(t in ("n", "nz", "nw", "vn", "an", "a", "b") for t in tags):
            kept.add(name)
    return kept


def stated_examples(sentences: list[Sentence], names: set[str]) -> list[tuple[str, list[str], Sentence]]:
    """(kind, examples, sentence) for each A、B等Y whose first example is one of `names`."""
    found, firsts = [], []
    by_length = sorted(names, key=lambda n: -len(n))
    for sentence in sentences:
        text = _LATIN_STOP.sub("。", sentence.text)
        for m in _EXAMPLES.finditer(text):
            before = text[:m.start()]
            first = next((n for n in by_length if before.endswith(n)), None)
            kind = _KIND_PRAISE.sub("", m.group("kind"))
            if first is None or len(kind) < 2 or _GENERIC_GENUS.match(kind) or _GENERAL_EXAMPLES.search(kind) or _general_kind(kind):
                continue
            rest = [i for part in m.group("items").split("、") if part for i in re.split(r"以及|和|及|与|或", part)]
            items = [first] + [i.strip() for i in rest]
            if len(items) >= 2 and all(2 <= len(i) <= 12 and re.search(r"[\u4e00-\u9fff]", i) for i in items):
                found.append((kind, items, sentence))
                firsts.append((text, m.start() - len(first), m.start()))
    # The first example is the whole name before the first 、 (急性化脓性炎症, not a point 化脓性炎症 inside it).
    return [f for f, whole in zip(found, _first_is_whole(firsts)) if whole]


MAX_PREREQUISITES_PER_DEFINITION = 2
MIN_TERM_MENTIONS = 3
# A name in a definition is a prerequisite only with evidence that it is a concept of the course, not
# a word of the explanation (示意图中, 一般情况, 何值): by strength of that evidence.
EVIDENCE = {"defined": 0.75, "genus": 0.7, "heading": 0.65, "kind": 0.6}
# Genus words too general to be learnt first (…的一种技巧, …的数据结构, …的充分条件).
_GENERIC_GENUS = re.compile(r"^(?:技巧|方法|方式|手段|工具|算法|数据结构|结构|问题|条件|必要条件|充分条件|过程|操作|情况|概念|东西|"
                            r"性质|唯一性|组数|个数|数量|数目|长度|大小|距离|边数|点数|结果|集合|元素|对象|数字|数|值|最大值|最小值|关系|层次关系|部分|步骤|"
                            # words any course uses for what it speaks of (客观事物, 旧事物, …的创造者), no concept of one
                            r"事物|现象|方面|内容|形式|因素|作用|能力|活动|属性|特点|特征|状态|总和|表现|本质|规律|基础|前提|"
                            r"创造者|承担者|决定力量|动力|根本动力|力量|我军|我国|我党|我们|范畴|哲学范畴)$")
def _abstract(genus: str) -> bool:
    """A genus that names a property or force (有用性, 自然属性, 物质力量) says what kind of quality the term is,
    not a concept learnt first."""
    return genus.endswith("性") or bool(_GENERIC_GENUS.match(genus[-2:]))


_ALIAS = re.compile(r"(?:英文名?称?|英语|又称|也称|亦称|或称|简称|缩写(?:为|是)?|记作|记为|又叫|也叫)[^，,。．；;]{0,40}")
# The genus closes the clause that holds the cue: 跳表是…的一种查找数据结构，支持… gives 数据结构.
# A colon closes it as well (是这样的一个过程：先访问根节点); 是对…/是在… open no genus, 指针 is no 指.
_GENUS = re.compile(r"(?:是|为|指(?!针|出|定|向|导|数|令|标))(?!对|在|这样)[^。．；;，,：:]*?(?P<genus>[^，,。．；;：:的\s]{1,12})\s*(?=[，,。．；;：:]|$)")
# Words of an explanation, not concepts: 搜索过程中, 示意图中, 此时.
_FINAL_GENUS = re.compile(r"的\s*(?P<genus>[^，,。．；;的\s]{1,12})\s*[。．；;]?$")  # …指向其祖先结点的非树边．
_LOCATIVE = re.compile(r"(?:中|时|后|前|里|内|上|之间)$")
# 在/当…时: a clause of when (not 存在, not 时间 or 时代).
_TIME_CLAUSE = re.compile(r"(?:(?<![存现实所正自好内外])在|当)[^，,。．；;：:]{1,30}?(?:时候|时(?![间刻代期序钟效限态段长区空机]))")


# Section and step labels of a page (初始化, 选取与合并, 基本情况, 归纳步骤, 第一步): headings and
# definition-like lines that are no concept to draw an edge to or from.
_SECTION_LABEL = re.compile(r"^(?:定义|性质|过程|实现|引入|简介|介绍|应用|例题|习题|练习|参考资料|参考文献|延伸阅读|代码|完整代码|"
                            r"参考代码|示例代码|证明|思路|思想|基本思想|核心思想|做法|解法|流程|算法流程|步骤|复杂度|时间复杂度分析|"
                            r"复杂度分析|复杂度证明|正确性|正确性证明|注意事项|优化|扩展|拓展|变种|模板|例子|示例|总结|小结|判定|计算|存储|构造)$"
                            # X的概念, X的含义, X的意义 head a section on X: the same concept, none of its own
                            # and so do X的特点, X的作用, X的原理… (a closed class of words for what one says about a concept)
                            r"|的(?:概念|含义|涵义|内涵|意义|定义|特点|作用|原理|方法|步骤|应用|实现|性质|分类|种类|区别|联系|优点|缺点|"
                            r"优缺点|用途|目的|地位|由来|历史|发展)$"
                            r"|(?:情况|假设|步骤|部分|核心|思路|过程|流程|做法|关系|证明|分析|优化)$|^(?:第.{1,3}步|是|要|在|对|用|由|将|把|从|让|若|如果|只|仅)|适用"
                            r"|(?:则|必定|一定|可以|需要|的)$")
def _section_label(name: str, listed: bool = False) -> bool:
    """A listed name may end in a step word (系统存储过程 in 存储过程分为…): the list names it as a kind."""
    label = _SECTION_LABEL.search(name)
    return bool(label) and not (listed and label.start() > 0 and label.end() == len(name))


_NOUN_TAGS = frozenset({"n", "nz", "nw", "an", "f", "s", "ORG", "PER", "LOC"})
# Two terms side by side (素数与合数, 左子结点和右子结点) are two nodes, not one.
_COORDINATED = re.compile(r"[\u4e00-\u9fff\w]\s*(?:与|和|及|或|以及|/|&)\s*[\u4e00-\u9fff\w]")
_NOT_LAST_TAGS = frozenset({"d", "u", "p", "m", "c", "r", "xc", "q"})
# A list or exam label in front ((2)相对剩余价值, ③人民群众, 1.外模式, （论述）…) or a colon behind (…的形成：)
# makes a line of a page, not a term; a single letter in front (a使用价值) only when the rest is a name.
# A name ending in how much or how it stands (含量变化, 口腔卫生状况, 比表面积大小, 特殊情况) describes a
# measured quantity or a case, no concept a graph has a node for.
# So does one ending in a state or change of it (咽喉肿痛, 投入不足, 血压升高, 活动减少): a finding or symptom, no concept.
_DESCRIPTION = re.compile(r"(?:变化|状况|情况|大小|水平|程度|高低|多少|好坏|强弱|快慢|长短"
                          r"|肿痛|疼痛|不足|过多|过少|过高|过低|偏高|偏低|升高|降低|增高|增多|减少|下降|上升|缺失|匮乏|不畅|不当)\s*$")
# A bare quality word (全面性, 针对性, 先进性: two characters and 性) names how something is, no concept, unless the text
# itself defines it or heads a section with it (斗争性：是矛盾着的对立面…的性质). A measure any subject takes of anything
# (长度, 个数, 距离) is no concept of its own either: the concept is whose measure it is (字符串的长度).
_QUALITY = re.compile(r"^[\u4e00-\u9fff]{2}性$")
_MEASURE = re.compile(r"^(?:长度|大小|个数|数量|数目|距离|边数|点数|组数|总数|次数|规模)$")
_LABELLED = re.compile(r"^\s*(?:[（(][^（）()]{1,6}[）)]|[①-⑳⑴-⒇]|\d{1,2}\s*[.、．)）]|\d{1,2}\s+(?=[\u4e00-\u9fff])|[一二三四五六七八九十]{1,2}\s*[、.．]"
                       r"|第[一二三四五六七八九十百\d]{1,4}(?:部分|章|节|篇|讲|单元)?\s*[、，,：:.．\s])"
                       r"|[：:，,；;、]\s*$|[？?]")  # …？ is a question, not a term
_LETTER_LABEL = re.compile(r"^[a-z]\s*[.、．)）]?\s*(?=[\u4e00-\u9fff])")


def termlike(names: Iterable[str], defined: set[str] = frozenset(), listed: bool = False) -> set[str]:
    """The names that read as terms: not a section or step label nor two terms joined, and by LAC
    with a noun in them, no adverb, particle or number at their end (初始化 has no noun, AOV 网必定
    ends in an adverb) and no verb inside a clause (单调栈构建笛卡尔树, 只适用于有根树). LAC tags many
    terms as verbs (互素, 先序遍历), so `defined`, the terms a naming cue or bold type marks, skip its check;
    `listed`: the names are what a 包括/分为 list names (存储过程, 用户自定义存储过程), so a verb inside is no clause."""
    from toolkit.mining import lac_shim

    names = set(names)
    names = sorted({n for n in names if len(n.strip()) >= 2 and not _section_label(n.strip(), listed)
                    and not _COORDINATED.search(n) and not _LABELLED.search(n) and not _DESCRIPTION.search(n)
                    and not (_LETTER_LABEL.match(n) and _LETTER_LABEL.sub("", n) in names)})
    chinese = [n for n in names if re.search(r"[\u4e00-\u9fff]", n)]
    kept = {n for n in names if n not in chinese or n in defined}  # Latin names (border) are left to the point miner
    chinese = [n for n in chinese if n not in kept]
    for name, output in zip(chinese, lac_shim.run(chinese, "lac", []) if chinese else []):
        tagged = [(w, t) for w, t in zip(output[0], output[1]) if w.strip()]
        if not tagged or not any(t in _NOUN_TAGS for _, t in tagged) or tagged[-1][1] in _NOT_LAST_TAGS:
            continue
        tags = [t for _, t in tagged]
        # A verb with its own object of two characters or more: 构建笛卡尔树, 适用于有根树 (生成树 is a term).
        clause = any(t in ("v", "p") and tags[i + 1] in _NOUN_TAGS and len(tagged[i + 1][0]) >= 2
                     and (len(w) >= 2 or i > 0) for i, (w, t) in enumerate(tagged[:-1]))
        if not clause or listed:
            kept.add(name)
    return kept


def _no_concept(name: str, own: set[str]) -> bool:
    """A bare quality word the text neither defines nor heads with, or a general measure (_QUALITY, _MEASURE)."""
    return bool(_MEASURE.match(name) or (_QUALITY.match(name) and name not in own))


# The sources where a sentence states the relation of two names in so many words (实践是理论的基础, A与B的关系, B是一种A):
# a general noun at either end (_general_kind) makes it a saying of general language, no relation of concepts.
_CUED_SOURCES = frozenset({"related", "stated prerequisite", "stated kind"})
# Characters that make two names a contrasting pair when the names differ in them alone (新事物/旧事物, 主体/客体, 入度/出度,
# 最大值/最小值, 前缀/后缀): the pair is learnt side by side, neither is what the other rests on.
_CONTRASTS = [set(pair) for pair in ("新旧", "主客", "正负", "正反", "左右", "上下", "大小", "内外", "前后", "入出", "高低", "长短",
                                     "强弱", "显隐", "奇偶", "真假", "始终", "起终", "多少", "增减", "升降", "优劣", "积消", "阴阳")]


def _contrasting(a: str, b: str) -> bool:
    """Whether a and b differ in one character alone, a contrasting pair (_CONTRASTS)."""
    if len(a) != len(b):
        return False
    differ = [(x, y) for x, y in zip(a, b) if x != y]
    return len(differ) == 1 and {*differ[0]} in _CONTRASTS


# The cues by which a sentence states a kind (B是A的一种, B属于A, B是一种…A, A、B等Y): their start is the kind.
_STATED_KIND_CUES = frozenset({"belongs", "is a kind", "examples"})
# Kinds that name an age (燕山期, 晚白垩世, 第四纪, 新生代): 属于燕山期 says when a rock formed, not what kind it is.
_PERIOD = re.compile(r"(?:时期|时代|期|世|纪|阶段)$")
# A place or a body (中国, 东盟, 黄山, 北京大学); not a person: LAC reads many terms named after one so (欧拉, 斐波那契, 子树).
_PROPER_TAGS = frozenset({"LOC", "ORG", "ns", "nt"})
_DERIVED_CUES = frozenset({"definition", "name", "heading", "section", "list"})


def _instances_and_settings(names: set[str], kinds: set[str]) -> tuple[set[str], set[str]]:
    """(the names LAC reads wholly as a place or body: 中国, 东盟, 黄山 are instances, no concepts to relate;
    the kinds that name a place or a time: 属于繁昌火山岩盆地, 属于华北板块, 属于燕山期 say where or when, not what kind)."""
    from toolkit.mining import lac_shim

    chinese = sorted(n for n in names | kinds if re.search(r"[\u4e00-\u9fff]", n))
    instances, settings = set(), {k for k in kinds if _PERIOD.search(k)}
    for name, output in zip(chinese, lac_shim.run(chinese, "lac", []) if chinese else []):
        tags = [t for w, t in zip(output[0], output[1]) if w.strip()]
        if name in names and tags and all(t in _PROPER_TAGS for t in tags):
            instances.add(name)
        if name in kinds and any(t in _INSTANCE_TAGS for t in tags):
            settings.add(name)
    return instances, settings


def defined_often(found: list[Candidate]) -> set[str]:
    """Terms defined by a naming cue or set in bold: the definition miner's surest terms."""
    return {d.payload["term"] for d in found if d.payload.get("pattern") in ("named_bold", "bold_head", "define_bold", "named")}


def _heading_titles(document: Document) -> list[str]:
    return [document.paragraph_text(i) for i, p in enumerate(document.paragraphs) if p.style_level is not None]


def from_definitions(document: Document, points: Iterable[str], found: list[Candidate] | None = None,
                     terms: set[str] | None = None, kinds: set[str] | None = None) -> list[Candidate]:
    """A point named in another point's definition is learnt before it: 二叉搜索树 defined with
    二叉树 gives Behind 二叉树 -> 二叉搜索树. Only names with evidence count (another defined term,
    the genus closing the cue's clause unless a general word like 技巧 or 数据结构, a heading; a word
    merely repeated often was tried and was right less than half the time), and only for a term that
    is a point, a heading or one named by a naming cue or bold; the strongest two per definition,
    the evidence kept in the payload. terms: when given, both ends must be among them (see termlike).
    A name with a locative end (等长字符串之间) is no name to match, so the term inside it is found."""
    from toolkit.mining import definitions

    found = found if found is not None else definitions.mine(document)
    defined = {d.payload["term"] for d in found}
    # The defined terms too, so a piece of one (分解式 of 标准素因数分解式) is no mention of its own.
    matcher = build_matcher([p for p in set(points) | defined if not _LOCATIVE.search(p)])
    headings = _heading_titles(document)
    results = []
    chosen = []
    heading_names = {h.strip() for h in headings}
    known = set(points) | heading_names
    surest = defined_often(found)
    in_sentence: dict[str, list[Candidate]] = defaultdict(list)  # the definitions of each sentence, looked up once each
    mentions_of = functools.lru_cache(maxsize=None)(document.text.count)  # a term defined again is counted once
    for d in found:
        in_sentence[d.payload["sentence"]].append(d)
    for definition in found:
        term, sentence = definition.payload["term"], definition.payload["sentence"]
        if definition.payload.get("pattern") == "word_means":
            continue  # 二叉树 一词均指有根二叉树: the two names are one concept, neither comes first
        # A term the page keeps using (01-trie, said again and again) is a node too, though no point.
        if term not in known and term not in surest and mentions_of(term) < MIN_TERM_MENTIONS:
            continue
        if terms is not None and term not in terms:
            continue  # a definition's term the point miner never proposed (第一步, 代码的核心) is no node to link
        # Names in brackets or after 英文名/又称/简称 are glosses and aliases of the term
        # (稀疏表 in ST 表（Sparse Table，稀疏表）, trie in 字典树，英文名 trie).
        skipped = [(m.start(), m.end()) for m in re.finditer(r"[（(][^（）()]*[）)]", sentence)]
        skipped += [(m.start(), m.end()) for m in _ALIAS.finditer(sentence)]
        # A time clause (在对表或视图发出语句时) says when the term acts, not what it rests on.
        skipped += [(m.start(), m.end()) for m in _TIME_CLAUSE.finditer(sentence)]
        # The genus of this term's own clause: 欧拉路径…的路径，欧拉回路…的回路 gives 路径 to the first.
        at = max(0, (definition.location.get("termStart") or 0) - (definition.location.get("start") or 0))
        later = any((d.location.get("termStart") or 0) > (definition.location.get("termStart") or 0) for d in in_sentence[sentence])
        # After a colon the sentence lists (定义为以下结点的…最小值：…中的结点；): its last noun is an item, no genus.
        final = None if later or definition.payload.get("pattern") == "section" or re.search(r"(?:是|为|指)[^：:]*[：:]", sentence[at + len(term):]) \
            else _FINAL_GENUS.search(sentence)
        genus = [g for g in (_GENUS.search(sentence, at), final) if g]
        # Terms defined side by side in one sentence (欧拉路径…，欧拉回路…) are not each other's prerequisite.
        siblings = {d.payload["term"] for d in in_sentence[sentence]}
        used: dict[str, str] = {}
        spans: dict[str, list[tuple[int, int]]] = {}
        # The names a 包括/分为 list gives are the term's parts (from_lists), not what it rests on.
        parts_at = next((m.start() for m in _PARTS_CUE.finditer(sentence)), len(sentence))
        for start, end, name in _mentions(sentence, matcher):
            if name in siblings or _LOCATIVE.search(name) or start > parts_at or _aliases(name, term, sentence) \
                    or _JOINER.search(sentence) and re.search(f"{re.escape(term)}\\s*[和与及、]\\s*{re.escape(name)}|{re.escape(name)}\\s*[和与及、]\\s*{re.escape(term)}", sentence) \
                    or _GENERIC_GENUS.match(name):
                continue
            # A role word in front only picks one out (一个特殊子串 is a 子串): the term is its head.
            name = _without_role(name, known | defined)
            if any(a <= start < b for a, b in skipped) or len(name) < 2:
                continue
            if name in used:
                spans[name].append((start, end))
            if name == term or name in used or (terms is not None and name not in terms):
                continue
            # A name inside the term is a piece of it (前缀 of 前缀编码) unless it is the term's head
            # (后缀 of 真后缀); a term inside the name only when the name is defined (字符 in 字符集).
            if (name in term and not _is_head(name, term)) or (term in name and name not in defined):
                continue
            if name in defined:
                used[name] = "defined"
                spans[name] = [(start, end)]
            elif any(g.group("genus").endswith(name) and end >= g.start("genus")
                     # an element word is the genus itself (…的第二个结点), not the object of a verb (遍历各个节点)
                     and (not _ELEMENT_HEAD.match(name) or len(g.group("genus")) <= len(name) + 3)
                     # 测控系统中的输入、输出通道: the term is both, 输出通道 one of its parts, not its kind
                     and not re.search(r"[、和与及或]", g.group("genus")) for g in genus) \
                    and not _GENERIC_GENUS.match(name) and not _abstract(name):
                used[name] = "genus"
                spans[name] = [(start, end)]
            elif name in heading_names:
                used[name] = "heading"  # a heading of its own, not a word in one (结点 in 结点的深度)
                spans[name] = [(start, end)]
            elif kinds is not None and name in kinds:
                used[name] = "kind"
                spans[name] = [(start, end)]
        chosen.append((definition, used, spans))
    # A name said only inside a longer word (资本 of 资本家, 物质 across 事物质) or only as the modifier of a
    # longer noun (物质 of 物质资料, 国防 of 国防后备力量 for 后备力量) is not a concept the definition rests on:
    # one LAC run over the mentions' surroundings (those a character around does not settle).
    said = [(definition.payload["sentence"], start, end) for definition, used, spans in chosen for name in used for start, end in spans[name]]
    readings = iter(whole_words(said))

    def alone(term: str, reading: tuple[bool, str]) -> bool:
        # A name that modifies the noun right behind it is an attribute there, not the concept: 物质 of
        # 物质资料 or 物质世界, 国防 of 国防后备力量 (the term's own fuller name).
        whole, longer = reading
        return whole and not longer

    for definition, used, spans in chosen:
        term = definition.payload["term"]
        kept = {name for name in used if any([alone(term, next(readings)) for _ in spans[name]])}
        ranked = sorted(((n, e) for n, e in used.items() if n in kept), key=lambda item: (-EVIDENCE[item[1]], -len(item[0]), item[0]))
        for name, evidence in ranked[:MAX_PREREQUISITES_PER_DEFINITION]:
            results.append(Candidate("relations", EVIDENCE[evidence], {
                "type": "Behind", "start": name, "target": definition.payload["term"], "sentence": definition.payload["sentence"],
                "cooccurrence": 0.0, "sentences": 1, "cue": "definition", "evidence": evidence}, definition.location))
    return results


# Words after a name that make it the modifier of a longer noun (国防 of 国防后备力量, 物质 of 物质资料).
_COMPOUND_TAGS = frozenset({"n", "nz", "vn", "nw", "an", "s", "LOC", "ORG", "PER"})


def whole_words(spans: list[tuple[str, int, int]]) -> list[tuple[bool, str]]:
    """For each (text, start, end): whether LAC reads text[start:end] as whole words of their own (its
    first character opening a word, its last closing one: not 资本 of 资本家), and the longer noun it
    modifies when a noun (or an attribute and a noun) follows at once (物质资料, 国防后备力量), else "".
    One batch over short windows, so cheap."""
    from toolkit.mining import lac_shim

    windows, results = [], []
    for text, start, end in spans:
        if _closed(text, start, end):
            results.append((True, ""))  # 的 二叉树 。: the characters around settle it, no LAC needed
            continue
        left, right = max(0, start - 6), min(len(text), end + 6)
        windows.append((text[left:right], start - left, end - left))
        results.append(None)
    read = []
    for (window, start, end), output in zip(windows, lac_shim.run([w for w, _, _ in windows], "lac", []) if windows else []):
        words, position = [], 0
        for word, tag in zip(output[0], output[1]):
            found = window.find(word, position)
            found = position if found < 0 else found
            words.append((found, found + len(word), word, tag))
            position = found + len(word)
        whole = any(a == start for a, _, _, _ in words) and any(b == end for _, b, _, _ in words)
        behind = [(a, b, t) for a, b, w, t in words if a >= end and w.strip()]
        longer = ""
        if whole and behind and behind[0][0] == end and re.match(r"[\u4e00-\u9fff]", window[end]):
            tag = behind[0][2]
            if tag in _COMPOUND_TAGS:
                longer = window[start:behind[0][1]]
            elif tag in ("a", "b") and len(behind) > 1 and behind[1][2] in _COMPOUND_TAGS and behind[1][0] == behind[0][1]:
                longer = window[start:behind[1][1]]
        read.append((whole, longer))
    read_iter = iter(read)
    return [r if r is not None else next(read_iter) for r in results]


def _closed(text: str, start: int, end: int) -> bool:
    """A word-closing character (or none, or no Chinese one) on both sides of text[start:end]."""
    return (start == 0 or text[start - 1] in _WORD_OPEN or not re.match(r"[\u4e00-\u9fff]", text[start - 1])) \
        and (end == len(text) or text[end] in _WORD_AFTER or not re.match(r"[\u4e00-\u9fff]", text[end]))


_PARTS_CUE = re.compile(r"包括|包含|分为|划分为|分成|组成部分")
_ALIAS_CUE = r"(?:也称之?为?|又称之?为?|亦称|或称|简称|又叫|也叫|称之为)"


# Checked before the patterns built per pair of names: those would otherwise crowd the re module's
# cache of 512 patterns and have the miners' fixed ones compiled again and again.
_ALIAS_CUES = re.compile(_ALIAS_CUE)
_JOINER = re.compile(r"[和与及、]")


def _aliases(name: str, term: str, sentence: str) -> bool:
    """社会存在也称社会物质生活条件: two names of one concept, no prerequisite."""
    if not _ALIAS_CUES.search(sentence):
        return False
    a, b = re.escape(name), re.escape(term)
    if re.search(f"{a}[^，,。；;]{{0,6}}?{_ALIAS_CUE}\\s*{b}|{b}[^，,。；;]{{0,6}}?{_ALIAS_CUE}\\s*{a}", sentence):
        return True
    # 航天技术，是指…，又称空间技术: the sentence defines its subject and gives the term as its other name.
    return bool(re.search(f"{_ALIAS_CUE}\\s*{b}", sentence)) and _LIST_LEAD.sub("", sentence.lstrip("（( ")).startswith(name)


def _without_role(name: str, known: set[str]) -> str:
    """特殊子串 -> 子串 when 子串 is known: a role prefix (_ROLE_PREFIX) makes no kind."""
    for head in sorted(known, key=lambda h: (-len(h), h)):
        if _is_head(head, name) and _ROLE_PREFIX.match(name[:-len(head)].strip()):
            return head
    return name


def _is_head(name: str, term: str) -> bool:
    """name is the head word the term ends with: 后缀 of 真后缀, 二叉树 of 完全二叉树."""
    return len(name) >= 2 and term != name and term.endswith(name) and not term[:-len(name)].strip().endswith("的")


# A prefix that denies or only likens (半欧拉图 is no 欧拉图, 伪素数 no 素数, 非树边 no 树边).
_NOT_A_KIND = re.compile(r"(?:半|非|不|无|反|逆|伪|准|类|拟|亚)\s*$")


def from_names(sure: set[str], mentioned: Counter, sentences: dict[str, str], sure_heads: set[str] | None = None) -> list[Candidate]:
    """Contain A → B when B is A with a modifier in front (完全二叉树 is a 二叉树, 真后缀 a 后缀, 多重组合数 a
    组合数): both sure terms of the document, A a term of its own (mentioned on its own, not only inside
    longer words, so 根堆 of 小根堆 does not count) and no general word (算法, 问题)."""
    from toolkit.mining import lac_shim

    sure_heads = sure if sure_heads is None else sure_heads
    results, pairs = [], []
    for longer in sorted(sure):
        for head in sorted(sure, key=lambda h: (-len(h), h)):
            if not _is_head(head, longer) or _GENERIC_GENUS.match(head) or mentioned[head] < 1 \
                    or (head not in sure_heads and _ELEMENT_HEAD.match(head)):
                continue
            if _NOT_A_KIND.search(longer[:-len(head)]):
                break  # the longest head decides: 半欧拉图 is neither a 欧拉图 nor anything shorter
            modifier = longer[:-len(head)].strip()
            if (len(modifier) == 1 and modifier in _FUNCTION_CHARACTERS) or _ROLE_PREFIX.match(modifier):
                break  # 为跳表, 即跳表, 当前节点: a word of the sentence or a role in front, no kind
            if not _defined_as(head, longer, sentences.get(longer, ""), mentioned):
                break  # 使用价值：是指…的有用性: the page's own definition names another kind than the head
            pairs.append((head, longer, modifier))
            break  # only the nearest kind: 完美二叉树 is a 二叉树, not also a 树
    # A place or time in front picks out one instance (中国国防, 美国现行军事战略), no kind to learn.
    # LAC reads the whole name, so a word that runs into the head (最小公倍数) is no place or time of its own.
    names = sorted({longer for _, longer, m in pairs if re.search(r"[\u4e00-\u9fff]", m)})
    tags = dict(zip(names, lac_shim.run(names, "lac", []))) if names else {}
    for head, longer, modifier in pairs:
        if longer in tags and _instance(tags[longer], len(longer) - len(head)):
            continue
        results.append(Candidate("relations", 0.72, {
            "type": "Contain", "start": head, "target": longer, "sentence": sentences.get(longer, longer),
            "cooccurrence": 0.0, "sentences": 1, "cue": "name", "evidence": "head word"}, {}))
    return results


_INSTANCE_TAGS = frozenset({"LOC", "TIME", "t", "ns"})


def _instance(output, modifier_length: int) -> bool:
    """Whether LAC tags a word wholly inside the modifier as a place or a time (中国 of 中国国防, 美国 of 美国现行军事战略)."""
    position = 0
    for word, tag in zip(output[0], output[1]):
        position += len(word)
        if position > modifier_length:
            return False
        if tag in _INSTANCE_TAGS:
            return True
    return False


def _defined_as(head: str, longer: str, sentence: str, mentioned: Counter) -> bool:
    """False when the longer term's own definition names another term of the page as its genus than the head
    (社会必要劳动时间：…所需要的劳动时间 is no kind of 必要劳动时间); true without a definition, or when its genus
    is no term the page says twice (…的理论体系, …的全局性状态: the genus read off real text is often a phrase)."""
    at = sentence.find(longer)
    if at < 0:
        return True
    genus = _GENUS.search(sentence, at + len(longer)) or _FINAL_GENUS.search(sentence)
    if not genus:
        return True
    word = genus.group("genus")
    return word.endswith(head) or word == longer or mentioned[word] < 2 or bool(_GENERIC_GENUS.match(word))


# Element words whose compounds name a role in one step (当前节点, 目标节点), not a kind to learn.
_ELEMENT_HEAD = re.compile(r"^(?:结点|节点|顶点|元素|整数|数字|操作|部分)$")
_NOT_A_MODIFIER = frozenset({"v", "p", "m", "q", "r", "d", "c", "u", "t", "TIME", "w", "xc"})
_ROLE_PREFIX = re.compile(r"^(?:初始|目标|起始|访问|号|当前|特殊|对应|相应|上述|下述|原|新|该|此|本|同一个?|每一?个?|任一|任意|所有|某一?个?|一个|一棵|一条)$")


def modified_points(points: Iterable[str], sure: set[str], mentioned: Counter) -> set[str]:
    """Points, beyond the sure terms, that from_names may treat as a kind of a shorter term: said twice
    on their own, their modifier by LAC an adjective or noun (简单回路, 有序链表, 满二叉树), not a verb,
    number or pronoun that only picks one out (为跳表, 两条回路, 当前节点, 所有子结点)."""
    from toolkit.mining import lac_shim

    pairs = []
    for name in sorted(set(points) - sure):
        if mentioned[name] < 2 or _LOCATIVE.search(name):
            continue
        head = next((h for h in sorted(sure | set(points), key=lambda h: (-len(h), h))
                     if _is_head(h, name) and mentioned[h] >= 2), None)
        if head and not _ELEMENT_HEAD.match(head) and not _GENERIC_GENUS.match(head):
            pairs.append((name, name[:-len(head)].strip()))
    modifiers = [m for _, m in pairs if re.search(r"[\u4e00-\u9fff]", m)]
    tags = dict(zip(modifiers, lac_shim.run(modifiers, "lac", []))) if modifiers else {}
    kept = set()
    for name, modifier in pairs:
        if _ROLE_PREFIX.match(modifier):
            continue
        if modifier in tags:
            first = [t for w, t in zip(*tags[modifier][:2]) if w.strip()]
            if not first or first[0] in _NOT_A_MODIFIER:
                continue
        kept.add(name)
    return kept


def from_possessives(sure: set[str], terms: set[str], mentioned: Counter, sentences: dict[str, str]) -> list[Candidate]:
    """Behind X → X的Y: a term named as a part or measure of another term comes after it (有根树 before
    有根树的叶结点, 剩余系 before 剩余系的复合); X must be a term of its own in the document."""
    results = []
    for term in sorted(sure):
        owner, _, part = (term.partition("的") if term.count("的") == 1 else ("", "", ""))
        owner, part = owner.strip(), part.strip()
        if _SECTION_LABEL.search(part) or _ELEMENT_HEAD.match(owner):
            continue  # 字符串的存储 is a section, 结点的深度 only where a measure is taken
        if len(owner) >= 2 and owner in terms and mentioned[owner] >= 1 and not _GENERIC_GENUS.match(owner):
            results.append(Candidate("relations", 0.66, {
                "type": "Behind", "start": owner, "target": term, "sentence": sentences.get(term, term),
                "cooccurrence": 0.0, "sentences": 1, "cue": "name", "evidence": "owner"}, {}))
    return results


class _Span(NamedTuple):
    text: str
    start: int
    end: int


def numbered_lists(document: Document) -> list[tuple[str, list[str], _Span]]:
    """A line 触发器的分类 (or …的种类, …的组成) followed by a line of numbered names 1.DML触发器 2.DDL触发器:
    (owner, parts, span) as list_parts gives them."""
    found = []
    lines = [document.paragraph_text(i) for i in range(len(document.paragraphs))]
    for index, line in enumerate(lines[:-1]):
        title = re.fullmatch(r"\s*(?P<owner>[^，,。；;：:\s]{2,12}?)的(?:分类|种类|类型|组成|组成部分|构成)\s*", _LIST_LEAD.sub("", line))
        body = re.sub(r"^\s*(?:分类|种类|类型|组成)?\s*[:：]?\s*", "", lines[index + 1])
        if not title or not re.match(r"\d{1,2}\s*[.、．]", body):
            continue
        items = [i.strip() for i in re.split(r"\s*\d{1,2}\s*[.、．]\s*", body) if i.strip()]
        if len(items) >= 2 and all(2 <= len(i) <= MAX_LIST_ITEM for i in items):
            paragraph = document.paragraphs[index + 1]
            found.append((title.group("owner"), items, _Span(lines[index + 1], paragraph.start, paragraph.end)))
    return found


def from_lists(lists, terms: set[str], concepts: set[str], document: Document) -> list[Candidate]:
    """Contain owner → part for each part of a list (list_parts) when both read as terms and the owner is a
    concept of the document (a point, heading or defined term, or said again elsewhere); no general word."""
    results = []
    for owner, items, sentence in lists:
        if owner not in terms or _GENERIC_GENUS.match(owner) or (owner not in concepts and document.text.count(owner) < 2):
            continue
        for item in items:
            if item in terms and not _GENERIC_GENUS.match(item):
                results.append(Candidate("relations", 0.78, {
                    "type": "Contain", "start": owner, "target": item, "sentence": sentence.text.strip(), "cooccurrence": 0.0,
                    "sentences": 1, "cue": "list", "evidence": "list"}, document.locate(sentence.start, sentence.end)))
    return results


def from_headings(document: Document, sure: set[str]) -> list[Candidate]:
    """Contain parent → child for a heading nested under one whose last word it shares: under
    数论函数 the sections 积性函数 and 加性函数 are kinds of it (catalogue order, issue 15)."""
    results = []
    stack: list[tuple[int, str]] = []
    for index, paragraph in enumerate(document.paragraphs):
        if paragraph.style_level is None:
            continue
        title = document.paragraph_text(index).strip()
        while stack and stack[-1][0] >= paragraph.style_level:
            stack.pop()
        if stack and title in sure and stack[-1][1] in sure:
            parent = stack[-1][1]
            head = re.search(r"[\u4e00-\u9fff]{2}$", parent)
            if head and title.endswith(head.group(0)) and not _GENERIC_GENUS.match(head.group(0)) \
                    and not _is_head(parent, title) and not _NOT_A_KIND.search(title[:-2]):
                results.append(Candidate("relations", 0.7, {
                    "type": "Contain", "start": parent, "target": title, "sentence": f"{parent} / {title}",
                    "cooccurrence": 0.0, "sentences": 1, "cue": "heading", "evidence": "nested heading"},
                    document.locate(paragraph.start, paragraph.end)))
        stack.append((paragraph.style_level, title))
    return results


_SECTION_CUE = re.compile(r"\s*[^，,。．；;]{0,20}?(?:是|指|表示|即|称为|定义为)")


def section_definitions(document: Document, sentences: list[Sentence], sure: set[str], found: list[Candidate]) -> list[Candidate]:
    """A section headed by a term the definition miner found no definition for is often opened by
    one all the same (字符串 S 的 子串 …): the first of its first two sentences that names the heading,
    as a definition of it (pattern "section"), so the names it rests on come before it."""
    defined = {d.payload["term"] for d in found}
    results = []
    heading, seen = None, 0
    for sentence in sentences:
        paragraph = document.paragraphs[sentence.paragraph]
        if paragraph.style_level is not None:
            title = document.paragraph_text(sentence.paragraph).strip()
            heading, seen = (title if title in sure and title not in defined else None), 0
            continue
        if heading is None or seen >= 2:
            continue
        seen += 1
        at = sentence.text.find(heading)
        # The heading as the sentence's subject, a defining verb after it (not 所以跳表的期望空间复杂度为…).
        if 0 <= at <= 10 and _SECTION_CUE.match(sentence.text, at + len(heading)):
            results.append(Candidate("definitions", 0.5, {"term": heading, "sentence": sentence.text.strip(), "pattern": "section"},
                                     {"start": sentence.start, "termStart": sentence.start + at}))
            heading = None
    return results


MAX_PREREQUISITES_PER_SECTION = 2
_CROSS_REFERENCE = re.compile(r"(?:参见|详见|见|参考)\s*[「“\[]?\s*$")
_CROSS_REFERENCE_SENTENCE = re.compile(r"\s*(?:参见|详见|见|参考)\s")
_QUESTION = re.compile(r"[？?]|什么|哪些|哪几|为什么|如何|怎样")
# Sections that use the page's terms rather than introduce new ones (定义 introduces them).
_ABOUT_USE = re.compile(r"存储|实现|复杂度|证明|代码|过程|流程|应用|例题|习题|优化|模板")


def from_sections(document: Document, sentences: list[Sentence], sure: set[str], found: list[Candidate]) -> list[Candidate]:
    """Catalogue order: the opening paragraph of a section headed by a term names the terms it builds
    on, and a term the page introduced before (as a heading or by a definition) comes first: under 辗转相除法
    the first paragraph speaks of 最大公约数, a section earlier. At most two a section, longest first."""
    introduced_at: dict[str, int] = {}
    for d in found:
        introduced_at.setdefault(d.payload["term"], d.location.get("start") or 0)
    matcher = build_matcher(sure)
    results = []
    heading, paragraph_index, seen, used = None, None, 0, []
    stack: list[tuple[int, str]] = []  # the headings above: a section under 存储 or 复杂度证明 is about those
    spans: dict[tuple[str, str], tuple[str, int, int]] = {}
    said: list[tuple[str, int, int]] = []

    def close():
        for name in sorted(used, key=lambda n: (-len(n), n))[:MAX_PREREQUISITES_PER_SECTION]:
            said.append(spans[(heading[0], name)])
            results.append(Candidate("relations", 0.62, {
                "type": "Behind", "start": name, "target": heading[0], "sentence": heading[1], "cooccurrence": 0.0,
                "sentences": 1, "cue": "section", "evidence": "earlier term"}, heading[2]))

    for sentence in sentences:
        paragraph = document.paragraphs[sentence.paragraph]
        if paragraph.style_level is not None:
            if heading is not None:
                close()
            title = document.paragraph_text(sentence.paragraph).strip()
            introduced_at.setdefault(title, sentence.start)
            while stack and stack[-1][0] >= paragraph.style_level:
                stack.pop()
            under_label = bool(stack) and bool(_ABOUT_USE.search(stack[-1][1]))
            stack.append((paragraph.style_level, title))
            heading = (title, "", document.locate(sentence.start, sentence.end)) if title in sure and not under_label else None
            paragraph_index, seen, used = None, 0, []
            continue
        if heading is None or (paragraph_index is not None and sentence.paragraph != paragraph_index) or seen >= 3:
            continue
        if _CROSS_REFERENCE_SENTENCE.match(sentence.text) or _QUESTION.search(sentence.text):
            continue  # 见 最大公约数．points elsewhere; an exam question (…的宗旨是什么？) asks, it does not build on
        paragraph_index, seen = sentence.paragraph, seen + 1
        heading = (heading[0], heading[1] or sentence.text.strip(), heading[2])
        for at, _, name in _mentions(sentence.text, matcher):
            if _CROSS_REFERENCE.search(sentence.text[:at]):
                continue  # 见 最大公约数 points elsewhere; the section does not build on it
            if name != heading[0] and name not in used and introduced_at.get(name, sentence.start) < introduced_at[heading[0]] \
                    and not (name in heading[0] and not _is_head(name, heading[0])) and heading[0] not in name \
                    and not _ELEMENT_HEAD.match(name):
                used.append(name)
                spans[(heading[0], name)] = (sentence.text, at, at + len(name))
    if heading is not None:
        close()
    # 资本 of 资本家 is no earlier term the section builds on, nor a name that with more words is the heading's own.
    return [c for c, (whole, longer) in zip(results, whole_words(said))
            if whole and not (longer and longer.endswith(c.payload["target"]))]


# Single characters that, in front of a term, are a word of the sentence (即跳表, 为跳表), not a modifier.
_FUNCTION_CHARACTERS = frozenset("的为是即指叫作把被令设若如当使给向在和与及或对从到将由其该此这之")
# Characters that end a word before a term (的 强连通子图, 一个 子串, 称为 素数): no evidence of a longer word.
_WORD_BEFORE = frozenset("的一个是为在和与及或称该其此这了对从到中上即均都被把将由有每各之以等、，,。．；;：:（(「『“ \n")


def fragments(names: Iterable[str], text: str) -> set[str]:
    """Names that are pieces of a longer word in the text, not terms (通子图 of 强连通子图, 非负剩余 of
    最小非负剩余): said twice or more, always after the same character, which ends no word; said once,
    with LAC drawing no word boundary before it."""
    from toolkit.mining import lac_shim

    found, single = set(), []
    for name in sorted({n for n in names if re.match(r"[\u4e00-\u9fff]", n)}):
        before = [text[m.start() - 1] if m.start() else "" for m in re.finditer(re.escape(name), text)]
        if not before or any(not re.match(r"[\u4e00-\u9fff]", c) or c in _WORD_BEFORE for c in before):
            continue
        if len(before) >= 2:
            if len(set(before)) == 1:
                found.add(name)
        else:
            at = text.find(name)
            single.append((name, text[max(0, at - 8):at + len(name)]))
    if single:
        for (name, context), output in zip(single, lac_shim.run([c for _, c in single], "lac", [])):
            boundaries, offset = set(), 0
            for word in output[0]:
                boundaries.add(offset)
                offset += len(word)
            if len(context) - len(name) not in boundaries:
                found.add(name)
    return found | inside_only(set(names) - found, text)


# Characters that close a word after a term (子串 的, 素数 是, 排列 。) and, before one, open it: one saying
# between them shows the name stands alone (not 中, 上, 后, which also begin words: 国防后备力量).
_WORD_AFTER = frozenset("的是为和与及或在也都就即则之等、，,。．；;：:）)」』”？?！! \n")
_WORD_OPEN = frozenset("的是为在和与及或称该其此这了对从到即均都被把将由每各之、，,。．；;：:（(「『“ \n")
MAX_SAYINGS_READ = 3


def inside_only(names: Iterable[str], text: str) -> set[str]:
    """Names the text never says as a word of their own, only inside longer words or names (排列 of 排列组合,
    资本 of 资本家): no saying has a word-closing character on both sides, and LAC reads none of the first
    MAX_SAYINGS_READ as whole words that modify no noun behind them."""
    unsure = {}
    for name in sorted(n for n in names if re.match(r"[\u4e00-\u9fff]", n)):
        sayings = [(m.start(), m.end()) for m in re.finditer(re.escape(name), text)]
        if not sayings or any(_closed(text, a, b) for a, b in sayings):
            continue
        unsure[name] = sayings[:MAX_SAYINGS_READ]
    spans = [(text, a, b) for sayings in unsure.values() for a, b in sayings]
    readings = iter(whole_words(spans))
    alone = set()
    for name, sayings in unsure.items():
        if any([whole and not longer for whole, longer in (next(readings) for _ in sayings)]):
            alone.add(name)
    return set(unsure) - alone


def _pieces_of_one_name(a: str, b: str, names: set[str]) -> bool:
    return any(a in n and b in n and len(n) <= len(a) + len(b) + 4 for n in names)


def _candidate(kind, start, target, score, sentence: Sentence, co: float, count: int, document, cue) -> Candidate:
    location = document.locate(sentence.start, sentence.end) if document is not None else {"start": sentence.start, "end": sentence.end}
    return Candidate("relations", score, {"type": kind, "start": start, "target": target, "sentence": sentence.text.strip(),
                                          "cooccurrence": round(co, 4), "sentences": count, "cue": cue}, location)


# How often each kind of evidence was right on text it had not been tuned on (issue 15), used as the
# relation's score: relations.py of 57726e4 (tuned on the OI-wiki tuning pages only) on the 14 course texts
# of judged_relations_courses.tsv, and, for lists (new in 54f56ec), 54f56ec on the 8 texts added after it;
# counted where both ends pass today's termlike, smoothed as (right + 1) / (judged + 2), so a source with
# no such evidence scores 0.5. Judged on today's tuning output every source is right 0.9-1.0: earlier rounds
# fitted the rules to those texts, so that figure cannot tell the sources apart.
# The three kinds where a sentence states the relation in so many words (学习B之前需要先掌握A, A与B密切相关,
# B是一种A) are counted as one: each alone has too few fresh items to score it (2 of 2, 1 of 1, none).
_STATED = 0.8  # 3 of 3
SOURCE_CONFIDENCE = {
    "stated prerequisite": _STATED,  # 学习B之前需要先掌握A, B依赖于A
    "related": _STATED,              # A与B密切相关
    "stated kind": _STATED,          # B是A的一种, B是一种A; also B是一种…A, B属于A, B、C等A with A no point (stated_kinds,
                                     # stated_examples: 22 of 24 on the tuning sources they were made on; on the held-out CSL
                                     # abstracts, read once after, B是一种…A 3 of 4, B、C等A 13 of 22)
    "co-occurrence": 0.71,         # 4 of 5
    "list": 0.31,                  # A包括/分为B、C: 9 of 30 (phrases, blanks, general words listed)
    "defined": 0.74,               # a defined term named in the definition: 22 of 29
    "genus": 0.45,                 # the genus closing the definition's clause: 4 of 9 (有用性, 物质力量, 自然属性…)
    "heading": 0.5,                # a heading named in the definition: none on fresh text
    "kind": 0.5,                   # a point with a modifier (modified_points) named in the definition: none on fresh text
    "head word": 0.81,             # 完全二叉树 is a 二叉树: 21 of 25
    "owner": 0.93,                 # X before X的Y: 12 of 12
    "nested heading": 0.86,        # 5 of 5
    "earlier term": 0.4,           # a section's opening names a term introduced before it: 1 of 3 (1 of 44 with any ends)
}
# What the miner says unless asked for more: sources right at least this often on fresh text (issue 15's
# precision target); the rest stay available with min_score=0, ranked below.
DEFAULT_MIN_SCORE = 0.6


def source(candidate: Candidate) -> str:
    """The kind of evidence a relation rests on (a key of SOURCE_CONFIDENCE)."""
    p = candidate.payload
    cue = p["cue"]
    if cue == "definition":
        return p.get("evidence", "defined")
    if cue in ("name", "heading", "section"):
        return p.get("evidence", cue)
    if cue in ("contain", "list"):
        return "list"
    if cue in ("belongs", "is a kind", "examples"):
        return "stated kind"
    if cue in ("related", "co-occurrence"):
        return cue
    return "stated prerequisite"


def mine(document: Document, points: Iterable[str] | None = None, terms: Iterable[str] = (),
         min_score: float = DEFAULT_MIN_SCORE) -> list[Candidate]:
    """Relations among `points` (a graph's node names), or among the document's own mined points, each
    scored by its source's confidence (SOURCE_CONFIDENCE); those below min_score are left out."""
    from toolkit.mining import definitions

    from_graph = points is not None
    defined = definitions.mine(document)
    if points is None:
        from toolkit.mining import points as point_miner

        points = [c.payload["term"] for c in point_miner.mine(document, terms, limit=150,
                                                               defined={d.payload["term"] for d in defined})]
    names = list(points) + list(terms)
    # Co-occurrence pairs only names the document itself marks as concepts (defined, in a heading) or,
    # with a graph, the graph's own names: memset–sizeof and 满足–BST are not relations.
    anchored = None if from_graph else {d.payload["term"] for d in defined} | {
        n for n in names if any(n in h for h in _heading_titles(document))}
    sentences = split_sentences(document)
    # Sure terms: those the document defines or heads a section with, that read as terms.
    headings = {h.strip() for h in _heading_titles(document)}
    terms_ok = termlike(set(names) | headings | {d.payload["term"] for d in defined}, defined_often(defined))
    lists = list_parts(sentences) + numbered_lists(document)
    listed = termlike({n for owner, items, _ in lists for n in [owner, *items]}, listed=True) if lists else set()
    # A cue or co-occurrence relation needs two terms too (not 强连通分量之间), and two pieces of one
    # name (DFS and 生成树 of DFS 生成树, Morris and 遍历) are no pair.
    whole = set(names) | headings
    found = [c for c in extract(sentences, names, document, anchored=anchored)
             if {c.payload["start"], c.payload["target"]} <= terms_ok
             and not {c.payload["start"], c.payload["target"]} & {n for n in terms_ok if _LOCATIVE.search(n)}
             and not (c.payload["cue"] == "co-occurrence" and _pieces_of_one_name(c.payload["start"], c.payload["target"], whole))]
    # X是一种…Y, X属于Y, A、B等Y: the kind need be no point, only read as a term (stated_kinds, stated_examples).
    said_kinds = stated_kinds(sentences, terms_ok)
    # After 一种 a noun is named, so a verb inside it (最优化 of 全局最优化算法) makes no clause, as in a list.
    kind_terms = termlike({kind for kind, _, _ in said_kinds}, listed=True) if said_kinds else set()
    linked = {frozenset((c.payload["start"], c.payload["target"])) for c in found}  # a pair said once, by its first evidence
    for kind, name, sentence in said_kinds:
        if kind in kind_terms and not _LOCATIVE.search(kind) and frozenset((kind, name)) not in linked:
            linked.add(frozenset((kind, name)))
            found.append(_candidate("Contain", kind, name, 0.8, sentence, 0.0, 1, document, "is a kind"))
    examples = stated_examples(sentences, {n for n in names if n in terms_ok})
    example_terms = termlike({n for kind, items, _ in examples for n in [kind, *items]}) if examples else set()
    example_kinds = noun_phrases({n for kind, items, _ in examples for n in [kind, *items]}) if examples else set()
    for kind, items, sentence in examples:
        if kind not in example_terms or kind not in example_kinds or _LOCATIVE.search(kind) \
                or not all(i in example_terms or _DESCRIPTION.search(i) for i in items):
            continue  # every example a term, or the list is of phrases (管理制度不够完善、施工材料耗损大等问题)
        for item in items:
            # 肿瘤晚期 of 肺癌、肿瘤晚期等疾病 is a stage, no example: each example a noun phrase too; a symptom among the
            # diseases (上感、咽喉肿痛、高血压等疾病) is left out, the diseases stay.
            if item != kind and item in example_kinds and item in example_terms and frozenset((kind, item)) not in linked:
                linked.add(frozenset((kind, item)))
                found.append(_candidate("Contain", kind, item, 0.8, sentence, 0.0, 1, document, "examples"))
    sure = terms_ok & ({d.payload["term"] for d in defined} | headings)
    mentioned: Counter = Counter()
    matcher = build_matcher(set(names) | sure)
    for sentence in sentences:
        mentioned.update({m[2] for m in _mentions(sentence.text, matcher)})
    defining = {}
    for d in defined:
        defining.setdefault(d.payload["term"], d.payload["sentence"])
    # Co-occurrence yields to a relation a list or a name states (电子进攻主要包括电子干扰…: Contain, not Mutual).
    stated = [c for c in found if c.payload["cue"] != "co-occurrence"]
    known = {(c.payload["start"], c.payload["target"]) for c in stated} | {(c.payload["target"], c.payload["start"]) for c in stated}
    kinds = modified_points([n for n in names if n in terms_ok], sure, mentioned)
    concepts = set(names) | headings | {d.payload["term"] for d in defined}
    named = from_names(sure | kinds, mentioned, defining, sure)
    derived = from_lists(lists, listed, concepts, document) + \
        named + from_possessives(sure, terms_ok, mentioned, defining) + \
        from_headings(document, sure) + from_definitions(
        document, names, defined + section_definitions(document, sentences, sure, defined), terms_ok,
        kinds | {c.payload["start"] for c in named}) + \
        from_sections(document, sentences, sure, defined)
    for candidate in found + derived:
        candidate.score = SOURCE_CONFIDENCE[source(candidate)]
    # The surest source claims a pair first (a head word before a list naming the same two).
    for candidate in sorted(derived, key=lambda c: -c.score):
        pair = (candidate.payload["start"], candidate.payload["target"])
        if pair not in known:
            known.add(pair)
            found = [c for c in found if {c.payload["start"], c.payload["target"]} != set(pair)]
            found.append(candidate)
    pieces = fragments({c.payload[end] for c in found for end in ("start", "target")}, document.text)
    own = {d.payload["term"] for d in defined} | headings
    found = [c for c in found if not {c.payload["start"], c.payload["target"]} & pieces and c.score >= min_score
             and not any(_no_concept(c.payload[end], own) or (source(c) in _CUED_SOURCES and _general_kind(c.payload[end]))
                         for end in ("start", "target"))
             and not (c.payload["type"] == "Behind" and _contrasting(c.payload["start"], c.payload["target"]))]
    # Only the ends a sentence relates by a cue (the derived sources' ends are the document's own terms), and never a name the
    # text defines or heads with: LAC reads short terms out of context as names at times (子树, 摩尔 as persons).
    cued = [c for c in found if c.payload["cue"] not in _DERIVED_CUES]
    instances, settings = _instances_and_settings({c.payload[end] for c in cued for end in ("start", "target")} - own,
                                                  {c.payload["start"] for c in cued if c.payload["cue"] in _STATED_KIND_CUES})
    found = [c for c in found if c.payload["cue"] in _DERIVED_CUES or not ({c.payload["start"], c.payload["target"]} & instances
             or (c.payload["cue"] in _STATED_KIND_CUES and c.payload["start"] in settings))]
    found.sort(key=lambda c: -c.score)
    return found
