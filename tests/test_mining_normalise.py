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
