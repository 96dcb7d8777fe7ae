"""Definitions as real course text writes them: OI-wiki style Chinese, DEFT style English."""
import pytest

from toolkit.mining import definitions, textmodel
from toolkit.mining.documents import read_document


@pytest.mark.parametrize("sentence, term", [
    ("AVL 树，是一种平衡的二叉搜索树．", "AVL 树"),
    ("二分图，又称二部图，是一类结构特殊的图．", "二分图"),
    ("ST 表（Sparse Table，稀疏表）是用于解决可重复贡献问题的数据结构．", "ST 表"),
    ("对于一棵笛卡尔树，定义「右链」为从根节点开始一直走右儿子形成的链．", "右链"),
    ("于是我们只需要知道子树的大小．", None),
    ("若一个图 G 是欧拉图，那么 G 中所有顶点的度数都是偶数．", None),
])
def test_chinese_sentence_initial_terms(sentence, term):
    match = definitions.chinese_match(sentence)
    assert (match.term if match else None) == term


def test_bold_term_after_naming_cue_and_list_definitions():
    page = ("其中，**WPL 最小的二叉树** 称为 **霍夫曼树（Huffman Tree）**．\n\n"
            "-   **森林（forest）**：每个连通分量（连通块）都是树的图．\n"
            "-   **证明**：显然．\n")
    found = definitions.mine(read_document("tree.md", page.encode("utf-8")))
    assert [c.payload["term"] for c in found] == ["霍夫曼树", "森林"]


def test_english_classifier_ships_and_separates():
    model = textmodel.load("definitions_en")
    assert model is not None and "CC BY-NC-SA" in model.data["licence"]
    assert model.probability("A catalyst is a substance that speeds up a chemical reaction without being consumed.") > 0.5
    assert model.probability("The war ended in 1945 after six years of fighting.") < 0.5
    match = definitions.english_match("A catalyst is a substance that speeds up a reaction without being consumed.")
    assert match is not None and match.term == "catalyst"


def _terms(page: str) -> list[str]:
    return [c.payload["term"] for c in definitions.mine(read_document("page.md", page.encode("utf-8")))]


@pytest.mark.parametrize("page, terms", [
    # A term named by its English name; 指 before 定义域 is the cue, not the word 指定.
    ("线段树，英文名 segment tree．", ["线段树"]),
    ("数论函数（也称算术函数）指定义域为正整数的函数．", ["数论函数"]),
    # Two bold terms defined in one sentence, one after a comma.
    ("**前序遍历（preorder）**是先访问根的遍历，**后序遍历（postorder）**是最后访问根的遍历．", ["前序遍历", "后序遍历"]),
    # Not definitions: a question, a part-of statement, a loose 是 after a clause, an opener that is a clause.
    ("堆是一种什么样的数据结构？", []),
    ("二叉堆是堆排序的一部分．", []),
    ("我们对两个串做异或运算，结果为 1 的位数就是它们之间的距离．", []),
    ("故而，等式成立，即两边相等．", []),
    ("顾名思义，单调栈是一种栈内元素保持单调的栈．", ["单调栈"]),
])
def test_sentence_level_rules(page, terms):
    assert _terms(page) == terms
