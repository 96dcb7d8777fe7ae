"""Knowledge points: nested core terms, the shipped ranker, and batch boilerplate."""
from toolkit.mining import points
from toolkit.mining.documents import Document


def test_nested_core_term_is_a_candidate_and_ranker_ships():
    document = Document.from_text("基于传感器数据融合算法的定位方法\n本文提出一种传感器数据融合算法。数据融合可以提高定位精度。")
    terms = [c.payload["term"] for c in points.mine(document, limit=10)]
    assert "数据融合" in terms
    assert points._RANKER() is not None and points._RANKER()["features"] == list(points.FEATURES)


def test_lines_repeated_across_a_batch_are_not_points():
    header = "作者：张三 https://example.org/course"
    texts = [f"{header}\n第{i}讲 {topic}\n{topic}是本讲的核心内容。{topic}有很多应用。"
             for i, topic in enumerate(["二叉树", "哈希表", "排序算法"], 1)]
    documents = [Document.from_text(t) for t in texts]
    results = points.drop_batch_boilerplate(documents, [points.mine(d, limit=20) for d in documents])
    found = {c.payload["term"] for found in results for c in found}
    assert {"二叉树", "哈希表", "排序算法"} <= found
    assert not {"张三", "作者"} & found


def test_verb_bearing_terms_are_points_but_clauses_are_not():
    # LAC splits 电压暂降 into 电压/n 暂/d 降/v: a term only the verb-bearing spans find.
    document = Document.from_text("电压暂降的检测方法\n电网中电压暂降频繁发生。本文对检测方法进行比较，结果分别为两种。"
                                  "电压暂降的检测需要快速检测算法，快速检测可以减少损失。")
    terms = [c.payload["term"] for c in points.mine(document, limit=10)]
    assert terms[0] == "电压暂降"
    assert not {"方法进行", "进行比较", "分别为", "频繁发生"} & set(terms)


def test_prior_takes_a_training_abstracts_own_counts_out():
    prior = points.Prior({"数据融合": 3}, {"数据融合": 5}, {"融合": 9}, 401)
    unseen = prior.row("数据融合", "融合")
    own = prior.row("数据融合", "融合", (1, 1, 2))
    assert unseen[0] > own[0] > 0 and own[1] == 2 / 5 and unseen[1] == 3 / 6
    assert points.Prior().row("数据融合", "融合") == [0.0, 0.0, 0.0, 0.0]
    assert prior.row("从未见过", "过") == [0.0, 0.0, 0.0, 0.0]


def test_shipped_ranker_carries_its_prior():
    model = points._RANKER()
    assert model["prior"]["abstracts"] == 500 and model["prior"]["terms"] and model["prior"]["heads"]
    assert len(model["coef"]) == len(points.pairwise([0.0] * len(points.FEATURES)))


def test_a_formula_broken_into_lines_and_the_parts_of_a_document_are_no_points():
    # As a PDF of review notes reads (csu_大物内容概要): each letter group of a formula on its own line.
    text = ("内容提要\n转动定律\n刚体绕定轴转动时，合外力矩等于转动惯量与角加速度的乘积。\nJM\nFrM\ndt\nMd\n"
            "力矩是改变刚体转动状态的原因，转动惯量是刚体转动惯性的量度。\nTCP\n"
            "转动定律是刚体定轴转动的基本定律，力矩和转动惯量决定角加速度。\nEk\nmgh\n")
    document = Document.from_text(text)
    document.kind = "pdf"
    assert points.formula_debris(document) == {3, 4, 5, 6, 10, 11}  # TCP alone between prose is no debris
    found = [c.payload["term"] for c in points.mine(document)]
    assert "力矩" in found and "角加速度" in found
    assert not {"JM", "FrM", "Md", "Ek", "mgh", "内容提要"} & set(found)


def test_the_parts_of_a_syllabus_are_no_points():
    # As the network syllabus of ../shared reads (zzuli_计算机网络_大纲考核目标): 课程目标 and 考核内容 led it.
    text = ("一、课程目标\n掌握计算机网络的体系结构，理解数据链路层和网络层的工作原理。\n二、考核内容\n"
            "1. IP地址与子网掩码：掌握IP地址的分类和子网掩码的计算。\n2. 数据链路层：掌握CRC校验和流量控制的相关知识。\n"
            "三、考核要求\n理解拥塞控制和路由器的基础知识，掌握IP地址的划分。\n")
    found = [c.payload["term"] for c in points.mine(Document.from_text(text))]
    assert "IP地址" in found[:3] and "子网掩码" in found
    assert not {"课程目标", "考核内容", "考核要求", "考核", "相关知识", "基础知识"} & set(found)


def test_the_prose_of_an_explanation_is_no_point():
    # As OI-wiki pages read: 引入 opens a page, counts and the node in hand walk through an algorithm.
    text = ("## 引入\n跳表是一种基于有序链表的数据结构。\n## 查找\n从当前节点出发，比较两个节点的键值，每个节点最多有两个儿子。"
            "举例来说，在跳表中查找目标节点时，沿一条路径向下走，构造如下。所有子结点都小于它。\n"
            "## 性质\n三个代表是一个政治术语，所有制是经济学术语，所有权是法律术语。三个代表也是一个口号。跳表的查找时间复杂度为 O(log n)。\n")
    found = [c.payload["term"] for c in points.mine(Document.from_text(text), limit=None)]
    assert "跳表" in found and "有序链表" in found
    assert not {"引入", "当前节点", "两个节点", "两个儿子", "每个节点", "举例来说", "目标节点", "一条路径", "构造如下",
                "所有子结点", "目标节点时", "节点时"} & set(found)
    assert {"三个代表", "所有制", "所有权"} <= set(found)


def test_labels_glued_to_terms_and_kinds_of_exercise_are_no_points():
    # As real review sheets and slides of ../shared read: a slide's "知识点中心极限定理：…" (njust 概率与过程),
    # a sheet titled 数据库重点 with its 应用题 and 综合题 and the 老师 who set them (zzuli 数据库重点).
    text = ("数据库重点\n知识点中心极限定理：独立同分布的随机变量之和标准化后依分布收敛于标准正态分布。\n"
            "一、应用题\n老师说，事务是数据库的逻辑工作单位，事务具有原子性。视图是从基本表导出的虚表。\n"
            "二、综合题\n事务的原子性由数据库管理系统保证，视图可以简化查询。中心极限定理是概率论的基本定理。\n")
    found = [c.payload["term"] for c in points.mine(Document.from_text(text), limit=None)]
    assert {"中心极限定理", "事务", "视图", "数据库"} <= set(found)
    assert not {"知识点中心极限定理", "数据库重点", "应用题", "综合题", "老师"} & set(found)
    # A problem's name still is one, and so is an analysis's summary (分析总结 was a CSL keyword).
    assert not points._PART_LABEL.search("背包问题") and not points._PART_LABEL.search("分析总结")


ENGLISH_TEXT = """# Chapter 3 Cells

A cell is the smallest unit of life that can replicate independently. Photosynthesis is the process by which green plants use sunlight to synthesize food from carbon dioxide and water.

## 3.1 Membranes

The plasma membrane, also called the cell membrane, is a biological membrane that separates the interior of a cell from its environment. Osmosis refers to the movement of water across a semipermeable membrane. Cells take in water by osmosis—a passive process. The membrane’s proteins move ions.Diffusion happens quickly in small cells.
"""


def test_english_text_gives_english_terms():
    # LAC read English as Chinese ("and water", "has a" were points); the English tagger's noun phrases are.
    from toolkit.mining.documents import read_document

    found = [c.payload["term"] for c in points.mine(read_document("cells.md", ENGLISH_TEXT.encode("utf-8")), limit=None)]
    assert {"plasma membrane", "cell membrane", "carbon dioxide", "semipermeable membrane", "Photosynthesis", "Osmosis"} <= set(found)
    assert not {"and water", "has a", "Chapter 3 Cells", "Chapter", "is", "life", "osmosis—a", "membrane’", "ions.Diffusion"} & set(found)
    folded = [points._singular(t.lower()) for t in found]
    assert len(folded) == len(set(folded))  # cell and Cells, membrane and membranes: one point each


def test_english_words_are_tagged_as_lac_names_them():
    from toolkit.mining import english_tokens

    words, tags = english_tokens.tag("Cells take in water by osmosis—a passive process at 20 °C in water.Diffusion is slow．")
    assert "osmosis" in words and "—" in words and "Diffusion" in words and "slow" in words
    assert dict(zip(words, tags))["osmosis"] == "n" and dict(zip(words, tags))["—"] == "w"
    assert not english_tokens.is_english("跳表是一种数据结构 (skip list)")


NAMES_TEXT = """Osmosis refers to the movement of water across a membrane. In 1827 Dutrochet described osmosis in plant cells,
and Dutrochet named it. Later Pfeffer measured osmotic pressure. Pfeffer used a porous pot. Osmosis needs a membrane.
Osmotic pressure depends on concentration, as Pfeffer and Dutrochet showed.
"""


def test_english_names_rank_below_terms():
    # Dutrochet and Pfeffer are capitalised inside sentences every time: names, not what the text teaches;
    # Osmosis is capitalised only where a sentence starts, and written osmosis inside one.
    from toolkit.mining.analysis import analyse
    from toolkit.mining.documents import read_document

    document = read_document("osmosis.txt", NAMES_TEXT.encode("utf-8"))
    stats = points.candidates(analyse(document, "lac"))
    assert points._proper_name("Dutrochet", stats) and points._proper_name("Pfeffer", stats)
    assert not points._proper_name("Osmosis", stats) and not points._proper_name("membrane", stats)
    assert not points._proper_name("DNA", {"DNA": points._Stats([], english=True, lefts={" ": 2})})
    mined = {c.payload["term"]: c.score for c in points.mine(document, limit=None)}
    assert {"Dutrochet", "Pfeffer"} <= set(mined)  # demoted, still listed for the reviewer
    assert max(mined, key=mined.get) == "Osmosis" and mined["Pfeffer"] < mined["membrane"]


def test_a_terms_english_name_beside_it_is_no_point_of_its_own_but_an_acronym_the_text_uses_is():
    document = Document.from_text(
        "拓扑排序\n拓扑排序，英文名叫 Topological sorting，是给有向图的节点排序的方法。"
        "字典树（Trie）可以存储字符串。二分图（bipartite graph）的顶点分为两个部分。"
        "散列表（英语：Hash Table，简称 HT）按键存取记录。HT 的查找很快，HT 的插入也很快。")
    terms = [c.payload["term"] for c in points.mine(document, limit=30)]
    assert {"拓扑排序", "字典树", "二分图", "散列表", "HT"} <= set(terms)
    english = {"topological sorting", "topological", "trie", "bipartite graph", "bipartite", "hash table", "table"}
    assert not {t for t in terms if t.lower() in english}
    assert not {"英文名", "英语", "简称"} & set(terms)
    assert points.english_glosses("欧拉路径（英语：Eulerian path）是") and not points.english_glosses("变量（x 为整数）")


def test_the_places_of_a_biographical_aside_are_no_points():
    document = Document.from_text(
        "强连通分量\nRobert E. Tarjan（罗伯特·塔扬，1948~），生于美国加州波莫纳，计算机科学家。"
        "Tarjan 算法求强连通分量。强连通分量是有向图的极大强连通子图。Tarjan 算法基于深度优先搜索。"
        "本文研究了鄱阳湖（1990—2010年）湿地面积的变化，鄱阳湖湿地面积逐年减少。")
    terms = {c.payload["term"] for c in points.mine(document, limit=40)}
    assert "强连通分量" in terms and "鄱阳湖" in terms  # a place the text is about stays
    assert not {"美国", "加州", "波莫纳", "美国加州"} & terms
    # 产生于 and 发生于 are no birthplace: the names of such a sentence stay candidates
    assert not points._BIOGRAPHY.search("欧姆发现电流产生于电势差，故障发生于上海。")
    assert points._BIOGRAPHY.search("塔扬生于美国加州波莫纳。")


def test_particles_negations_and_asides_are_no_points():
    # As an OI-wiki page reads: a question ending in 呢, a clause ending in 了, what a node lacks, a
    # counted tree, a connective, a translator's note, and the page's credit line naming its source.
    text = ("## 判定\n如何判定一个图是否是有向无环图呢？如果有环，那么任意序列都不满足条件了．\n"
            "笛卡尔树的一个节点没有右儿子时，右链到此为止．也就是说，把数组下标当作键值，取出一棵子树．\n"
            "这个推论又叫 Menger 定理（译者注）．点连通度与边连通度不存在这种关系．\n"
            "本页面译自博文 Edge connectivity，其中英文版版权协议为 CC-BY-SA 4.0．\n"
            "从上层到下层到根结点，再移动至第 n-1 层．跳表的示意图如下．\n"
            "要求学生掌握计算机网络的体系结构，会列真值表．\n"
            "本节内容摘自教材：栈是一种后进先出的线性表．\n")
    document = Document.from_text(text)
    found = {c.payload["term"] for c in points.mine(document, limit=None)}
    assert not {"无环图呢", "条件了", "没有右儿子", "也就是说", "当作键值", "一棵子树", "译者", "译者注", "不存在", "版权协议",
                "博文", "页面", "英文版版权协议", "下层到", "移动至", "n-1", "示意图", "掌握计算机网络", "列真值表"} & found
    assert {"笛卡尔树", "右链", "键值", "点连通度", "计算机网络", "真值表", "线性表"} <= found
    cited = {document.paragraph_text(i).strip() for i in document.reference_paragraphs()}
    assert cited == {"本页面译自博文 Edge connectivity，其中英文版版权协议为 CC-BY-SA 4.0．"}


def test_letters_of_lacs_other_function_words_may_be_part_of_a_term_its_particles_not():
    from toolkit.mining.analysis import Token

    assert points._symbol_word(Token("α", "xc", 1, 0, 1)) and points._symbol_word(Token("P", "xc", 1, 0, 1))
    assert not points._symbol_word(Token("呢", "xc", 1, 0, 1)) and not points._symbol_word(Token("了", "xc", 1, 0, 1))
    assert not points._symbol_word(Token("，", "xc", 1, 0, 1)) and not points._symbol_word(Token("α", "n", 1, 0, 1))
