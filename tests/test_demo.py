"""The example data: eight graphs that fit their templates, loaded once, kept on a second load."""
import json
from pathlib import Path

import pytest

from toolkit import graphdoc
from toolkit.demo import EXAMPLES_DIR, load_examples
from toolkit.graphs.store import check_document
from toolkit.model import Graph, Node, Relation, Template, User

GRAPH_FILES = sorted((EXAMPLES_DIR / "graphs").glob("*.json"))


@pytest.mark.parametrize("path", GRAPH_FILES, ids=[p.stem for p in GRAPH_FILES])
async def test_each_example_fits_its_template(path: Path, database):
    doc = graphdoc.from_dict(json.loads(path.read_text(encoding="utf-8")), path.name)
    await check_document(doc, await Template.get(code=doc.template))
    assert doc.node_count() >= 20


async def test_demo_loads_eight_kinds_once(database):
    first = await load_examples()
    assert len(first.graphs_created) == 8
    assert {u["role"] for u in first.users} == {"10", "20", "30", "test"}
    kinds = set(await Graph.all().values_list("template__kind", flat=True))
    assert len(kinds) == 8
    teaching = await Graph.get(name="数据结构")
    assert await Node.filter(graph=teaching).count() >= 150
    assert await Node.filter(graph=teaching).exclude(define="").count() >= 100
    assert await Relation.filter(graph=teaching, relation_type="Behind").count() >= 40
    assert await Relation.filter(graph=teaching, relation_type="Mutual").count() >= 20
    second = await load_examples()
    assert second.graphs_created == [] and len(second.graphs_kept) == 8
    assert await Graph.all().count() == 8 and await User.all().count() == 4


async def test_stored_documents_never_reuse_ids_of_deleted_nodes(database, people):
    from toolkit.graphdoc import DocNode, GraphDoc
    from toolkit.graphs.store import store_document

    def doc(name):
        root = DocNode("r", name, "KnowGraph", children=[DocNode("a", "甲", "KnowPoint"), DocNode("b", "乙", "KnowPoint")])
        return GraphDoc(name=name, template="teaching", root=root)

    first = await store_document(doc("一"), None, people["users"]["expert"])
    top = await Node.filter(graph=first).order_by("-id").first()
    await top.delete()
    second = await store_document(doc("二"), None, people["users"]["expert"])
    assert min(await Node.filter(graph=second).values_list("id", flat=True)) > top.id
