"""Attribution among same-named nodes: the node whose ancestors match the page's headings."""
from toolkit.mining import belong
from toolkit.mining.documents import read_document

PAGE = """# 二叉搜索树

## 定义

二叉搜索树的左子树都小于根．

## 时间复杂度

查找的时间复杂度与树高有关，平衡时为对数级．
"""


def test_same_named_nodes_are_told_apart_by_their_path():
    document = read_document("bst.md", PAGE.encode("utf-8"))
    # The wrong one first and with the larger key: neither order nor key may decide.
    nodes = [{"key": 2, "name": "时间复杂度", "desc": "", "path": ["排序", "选择排序"]},
             {"key": 1, "name": "时间复杂度", "desc": "", "path": ["树", "二叉搜索树"]},
             {"key": 3, "name": "定义", "desc": "", "path": ["树", "二叉搜索树"]}]
    found = {c.payload["term"]: c for c in belong.mine(document, ["树高", "左子树"], nodes)}
    assert found["树高"].payload["nodeKey"] == 1
    assert found["树高"].payload["reason"]["path"] == 1.0
    assert found["左子树"].payload["nodeKey"] == 3


def test_same_named_headings_go_to_the_page_whose_siblings_match():
    page = "## 引入\n\n树是一种无环连通图，结点之间由边相连．\n\n## 存储\n\n邻接表存储每个结点的儿子．\n"
    document = read_document("tree.md", page.encode("utf-8"))
    nodes = [{"key": 1, "name": "引入", "desc": "", "path": ["数据结构", "笛卡尔树"]},
             {"key": 2, "name": "构建", "desc": "", "path": ["数据结构", "笛卡尔树"]},
             {"key": 3, "name": "引入", "desc": "", "path": ["图论", "树基础"]},
             {"key": 4, "name": "存储", "desc": "", "path": ["图论", "树基础"]}]
    found = {c.payload["term"]: c for c in belong.mine(document, ["无环连通图", "邻接表"], nodes)}
    assert found["无环连通图"].payload["nodeKey"] == 3 and found["无环连通图"].payload["reason"]["page"] > 0
    assert found["邻接表"].payload["nodeKey"] == 4
