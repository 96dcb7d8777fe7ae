"""Property: any sequence of create, move, re-order, delete and merge keeps the tree valid."""
import asyncio
import shutil
import uuid

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import PG_BASE, PASSWORD_HASH
from toolkit import db
from toolkit.errors import ZhituError
from toolkit.graphs import merge, tree
from toolkit.graphs.crud import create_graph
from toolkit.graphs.integrity import tree_problems
from toolkit.model import Node, Relation, Template, User

OPERATIONS = st.lists(
    st.tuples(st.sampled_from(["create", "sibling", "move", "order", "delete", "relate", "merge"]),
              st.integers(0, 10_000), st.integers(0, 10_000), st.integers(0, 5)),
    min_size=1, max_size=25,
)


async def _scenario(url: str, operations) -> list[str]:
    await db.connect(url)
    try:
        user = await User.create(user_name=f"p{uuid.uuid4().hex[:8]}", name="p", role="10", password_hash=PASSWORD_HASH)
        template = await Template.get(code="teaching")
        graph = await create_graph(user, "性质", template.id, None)
        other = await create_graph(user, "来源", template.id, None)
        other_root = await Node.get(graph_id=other.id, parent_id=None)
        for name in ("线性表", "树"):
            await tree.create_node(user, other.id, other_root.id, name)
        for op, a, b, position in operations:
            ids = await Node.filter(graph_id=graph.id).order_by("id").values_list("id", flat=True)
            pick = lambda n: ids[n % len(ids)]  # noqa: E731
            try:
                if op == "create":
                    await tree.create_node(user, graph.id, pick(a), f"n{a}", node_type="KnowUnit", position=position)
                elif op == "sibling":
                    await tree.create_node(user, graph.id, pick(a), f"s{a}", mode="sibling", node_type="KnowUnit", position=position)
                elif op == "move":
                    await tree.move_node(user, graph.id, pick(a), pick(b), position)
                elif op == "order":
                    parent = pick(a)
                    kids = await Node.filter(parent_id=parent).order_by("order").values_list("id", flat=True)
                    await tree.update_order(user, graph.id, parent, list(reversed(kids)))
                elif op == "delete":
                    await tree.delete_nodes(user, graph.id, [pick(a), pick(b)])
                elif op == "relate":
                    await Relation.get_or_create(graph_id=graph.id, start_node_id=pick(a), target_node_id=pick(b), relation_type="Mutual")
                elif op == "merge":
                    await merge.merge_apply(user, graph.id, pick(a), other.id)
            except ZhituError:
                pass  # refused operations (root, under itself, types, conflicts) must change nothing
        return await tree_problems(graph.id)
    finally:
        await db.close()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(operations=OPERATIONS)
def test_random_edits_keep_the_tree_valid(template_db, tmp_path, operations):
    if PG_BASE:
        url = template_db
    else:
        path = tmp_path / f"{uuid.uuid4().hex}.sqlite3"
        shutil.copy(template_db, path)
        url = f"sqlite://{path}"
    assert asyncio.run(_scenario(url, operations)) == []
