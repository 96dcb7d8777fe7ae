"""One text normalisation for every miner: Markdown as structure, sentences on 。．！？!?；."""
from toolkit.mining.documents import read_document
from toolkit.mining.normalise import formula_text, split_sentences

PAGE = """author: Alice, Bob

## 定义

**二叉堆**是一棵完全二叉树．它的高度是 $O(\\log n)$ 的！见 [堆](./heap.md#优先队列)。

```cpp
// N
int heap[N];
```

???+ note "证明"
    这里是证明的正文；第二句

$$
h = \\lfloor \\log_2 n \\rfloor
$$

| 操作 | 复杂度 |
|---|---|
| 插入 | 对数 |
"""


def test_markdown_keeps_prose_and_headings_only():
    document = read_document("heap.md", PAGE.encode("utf-8"))
    texts = [document.paragraph_text(i) for i in range(len(document.paragraphs))]
    assert texts[0] == "定义" and document.paragraphs[0].style_level == 2
    assert texts[1] == "二叉堆是一棵完全二叉树．它的高度是 O(log n) 的！见 堆。"
    assert document.paragraphs[1].marks == [[0, 3]]
    joined = "\n".join(texts)
    for gone in ("Alice", "// N", "heap[N]", "heap.md", "lfloor", "证明\n", "$"):
        assert gone not in joined
    assert "这里是证明的正文；第二句" in texts
    assert "操作；复杂度" in texts and "插入；对数" in texts


def test_sentences_end_at_full_width_period():
    document = read_document("heap.md", PAGE.encode("utf-8"))
    sentences = [s.text for s in split_sentences(document)]
    assert "二叉堆是一棵完全二叉树．" in sentences
    assert "它的高度是 O(log n) 的！" in sentences


def test_formula_words():
    assert formula_text(r"\operatorname{gcd}(x,x)=x") == "gcd(x,x)=x"
    assert formula_text(r"\sum_{i=1}^{n} \frac{a_i}{b_i} + \prod_{j} c_j \cdot d_j") == "…"


def test_bold_between_a_bracket_and_chinese_is_still_bold():
    document = read_document("euler.md", "在图论中，**欧拉路径（Eulerian path）**是经过每条边一次的路径，`a**b**` 不算．".encode("utf-8"))
    text = document.paragraph_text(0)
    assert text.startswith("在图论中，欧拉路径（Eulerian path）是")
    assert [text[s:e] for s, e in document.paragraphs[0].marks] == ["欧拉路径（Eulerian path）"]
    assert "a**b**" in text


def test_a_pdf_paragraph_set_one_box_per_line_is_read_whole():
    """A lab manual whose line spacing is wider than pdfminer's line margin comes one text box per
    line: a word wrapped at a line's end (动态范 / 围) was cut in two and mined as two points."""
    from pathlib import Path

    import pytest

    from toolkit.mining import points
    from toolkit.mining.documents import read_document

    path = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "pdf" / "njust_电子线路实验_基本放大电路_lab_1page.pdf"
    if not path.exists():
        pytest.skip("../shared/corpus is absent")
    document = read_document(path.name, path.read_bytes())
    texts = [document.text[p.start:p.end] for p in document.paragraphs]
    whole = next(t for t in texts if t.startswith("实验电路如图"))
    assert "动态范围输出" in whole and "过高或过低" in whole and whole.endswith("削顶现象。")
    # Headings and numbered lines stay paragraphs of their own.
    assert {"二、实验原理及电路", "三、实验仪器"} <= set(texts)
    assert any(t.startswith("1. 数字存储示波器") for t in texts)
    terms = {c.payload["term"] for c in points.mine(document)}
    assert not {"动态范", "围输出"} & terms


def test_a_formula_opens_no_emphasis_and_keeps_its_underscores():
    page = ("恒等函数：$\\operatorname{id}_k(n)=n^k$，$\\operatorname{id}_{1}(n)$ 通常简记作 $\\operatorname{id}(n)$．\n\n"
            "$Z_m^*$ 与 $Z_m$ 不同，**既约剩余系** 记作 $Z_m^*$．\n\n"
            "这本书 $5，那本书 $6．\n\n"
            "$$\na_1 + a_2 = b\n$$\n")
    document = read_document("functions.md", page.encode("utf-8"))
    texts = [document.paragraph_text(i) for i in range(len(document.paragraphs))]
    assert texts[0] == "恒等函数：id_k(n)=n^k，id_1(n) 通常简记作 id(n)．" and not document.paragraphs[0].marks
    assert [texts[1][s:e] for s, e in document.paragraphs[1].marks] == ["既约剩余系"]
    assert texts[1].startswith("Z_m^* 与 Z_m 不同")
    assert texts[2] == "这本书 $5，那本书 $6．"  # prices, not a formula
    assert len(texts) == 3  # the display formula is no prose


REFERENCED = """# 笛卡尔树

笛卡尔树是一种二叉树，每一个结点由一个键值二元组构成。

（图源自维基百科）

## 构建

用单调栈构建笛卡尔树。

## 参考资料

[笛卡尔树 - 维基百科](https://zh.wikipedia.org/wiki/Cartesian_tree)

[A Skip List Cookbook](http://example.org/cookbook.pdf)

## 习题

单调栈与笛卡尔树的关系。
"""


def test_reference_sections_and_credit_lines_are_not_taught():
    from toolkit.mining import points

    document = read_document("cartesian.md", REFERENCED.encode("utf-8"))
    cited = {document.paragraph_text(i).strip() for i in document.reference_paragraphs()}
    assert cited == {"（图源自维基百科）", "笛卡尔树 - 维基百科", "A Skip List Cookbook"}
    terms = {c.payload["term"] for c in points.mine(document, limit=None)}
    assert "笛卡尔树" in terms and "单调栈" in terms  # the 习题 section after the references is read again
    assert not {"维基百科", "Skip List", "Cookbook", "A Skip List Cookbook"} & terms
