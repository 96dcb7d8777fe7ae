"""Relations as real text states them: contain from 是一种, prerequisites from definitions, and
co-occurrence that never makes up most of the output."""
from toolkit.mining import relations
from toolkit.mining.analysis import Sentence
from toolkit.mining.documents import Document


def _triples(found):
    return {(c.payload["type"], c.payload["start"], c.payload["target"]) for c in found}


def test_contain_from_is_a_kind():
    text = "二叉搜索树是一种二叉树。"
    found = relations.extract([Sentence(0, len(text), text, 0)], ["二叉搜索树", "二叉树"])
    assert ("Contain", "二叉树", "二叉搜索树") in _triples(found)


def test_cooccurrence_alone_is_never_most_of_the_output():
    texts = ["memset 和 sizeof 一起用。"] * 6 + ["先学数组再学指针。"]
    sentences = [Sentence(0, len(t), t, i) for i, t in enumerate(texts)]
    found = relations.extract(sentences, ["memset", "sizeof", "数组", "指针"])
    by_cooccurrence = [c for c in found if c.payload["cue"] == "co-occurrence"]
    assert ("Behind", "数组", "指针") in _triples(found)
    assert len(by_cooccurrence) <= len(found) - len(by_cooccurrence)


def test_a_point_used_in_a_definition_comes_first():
    document = Document.from_text("二叉搜索树是一种每个结点的左子树都小于它的二叉树。")
    found = relations.from_definitions(document, ["二叉搜索树", "二叉树", "左子树"])
    assert ("Behind", "二叉树", "二叉搜索树") in _triples(found)
