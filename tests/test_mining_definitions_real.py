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
