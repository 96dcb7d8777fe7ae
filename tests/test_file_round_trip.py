"""Property: Zhitu reads what Zhitu writes. A tree exported as Markdown or Word and read back is the
same tree (names, descriptions, levels, ids), at any depth up to 15 and whatever the description
lines start with ("1.", "-", "#", ">", a backslash)."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.formats import docx as docx_format
from toolkit.formats import md as md_format
from toolkit.graphdoc import DocNode, GraphDoc

# Names are one line with single spaces (Word runs of spaces only align columns, so they read as one).
NAME_TEXT = st.text(alphabet="知识点线性表abcXYZ019 .-*+()、（）:", min_size=1, max_size=12).map(lambda text: " ".join(text.split())).filter(bool)
LINE_STARTS = st.sampled_from(["", "1. ", "2) ", "- ", "* ", "+ ", "# ", "## ", "> ", "\\", "\\# ", "<!-- ", "1\\. "])
DESC_LINE = st.tuples(LINE_STARTS, NAME_TEXT).map(lambda pair: (pair[0] + pair[1]).strip())
DESC = st.lists(DESC_LINE, max_size=3).map("\n".join)


@st.composite
def trees(draw, max_depth: int = 15) -> GraphDoc:
    counter = iter(range(10_000))

    def node(depth: int, spine: bool) -> DocNode:
        made = DocNode(id=f"n{next(counter)}", name=draw(NAME_TEXT), type="", desc=draw(DESC))
        if depth < max_depth:
            # One spine reaches the full depth; other branches stay small.
            if spine:
                made.children.append(node(depth + 1, True))
            for _ in range(draw(st.integers(0, 2 if depth < 4 else 0))):
                made.children.append(node(depth + 1, False))
        return made

    root = node(0, True)
    return GraphDoc(name=root.name, template="", root=root)


def _shape(doc: GraphDoc) -> list[tuple]:
    return [(node.id, node.name, node.desc, level) for node, _parent, level in doc.walk()]


SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WORD_SETTINGS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])  # python-docx is slow


@SETTINGS
@given(doc=trees())
def test_markdown_export_reads_back_as_the_same_tree(doc):
    data = md_format.dumps(doc).encode("utf-8")
    assert _shape(md_format.read("export.md", data)) == _shape(doc)


@WORD_SETTINGS
@given(doc=trees())
def test_word_export_keeps_every_level_and_reads_back_as_the_same_tree(doc):
    data = docx_format.dumps(doc)
    back = docx_format.read("export.docx", data)
    assert max(level for _n, _p, level in back.walk()) == 15
    assert _shape(back) == _shape(doc)


FIXTURES = __import__("pathlib").Path(__file__).resolve().parents[2] / "shared" / "fixtures"


def test_convert_to_edg_writes_a_file_zhitu_accepts(tmp_path):
    """`zhitu convert x.xmind x.edg` gives types and a template, and keeps the mind map's extra pairs."""
    import pytest

    from toolkit.imports import convert_file, validate_file

    sources = sorted(FIXTURES.glob("*.xmind")) + sorted(FIXTURES.glob("*.opml"))
    if not sources:
        pytest.skip("../shared/fixtures is absent")
    for source in sources:
        target = tmp_path / f"{source.stem}.edg"
        written = convert_file(source, target)
        back, problems = validate_file(target)
        assert problems == [], source.name
        assert back.template == "teaching" and all(node.type for node, _p, _l in back.walk())
        assert back.node_count() == written.node_count()


def test_convert_from_markdown_to_edg_and_back(tmp_path):
    from toolkit.imports import convert_file, read_file

    source = tmp_path / "course.md"
    source.write_text("# 数据结构\n\n## 线性表\n\n1\\. 不是节点\n\\- 也不是\n\n## 树\n", encoding="utf-8")
    convert_file(source, tmp_path / "course.edg")
    convert_file(tmp_path / "course.edg", tmp_path / "again.md")
    again = read_file(tmp_path / "again.md")
    assert [node.name for node, _p, _l in again.walk()] == ["数据结构", "线性表", "树"]
    assert again.root.children[0].desc == "1. 不是节点\n- 也不是"
