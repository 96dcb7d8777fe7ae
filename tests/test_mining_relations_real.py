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


def test_definition_prerequisites_need_evidence_and_skip_aliases():
    document = Document.from_text("反向边指在搜索过程中从某个结点指向其祖先的非树边。\n非树边是不在搜索树上的边。\n"
                                  "字典树，英文名 trie。")
    found = _triples(relations.from_definitions(document, ["反向边", "搜索过程中", "结点", "非树边", "字典树", "trie"]))
    assert ("Behind", "非树边", "反向边") in found  # another defined term, the genus too
    assert not {t for t in found if t[1] in ("搜索过程中", "trie")}  # a locative phrase, an alias


def test_contain_only_from_the_subject_and_a_kind():
    text = "又由于行动的轨迹是一个回路。"
    assert not relations.extract([Sentence(0, len(text), text, 0)], ["轨迹", "回路"])
