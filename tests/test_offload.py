"""Work off the event loop (toolkit.offload, toolkit.file_jobs): what a worker process does with the
caller's database is what the caller would have done in place, refusals come back as themselves,
and a refused file stores nothing."""
import pytest

from toolkit import file_jobs, imports, offload
from toolkit.errors import FormatError
from toolkit.model import Graph, Node


def _headings(count: int) -> bytes:
    return ("# 大纲\n\n" + "".join(f"## 标题{i}\n\n描述{i}\n\n" for i in range(count))).encode("utf-8")


async def test_a_large_upload_is_stored_by_a_worker_with_every_node_in_order(people):
    user = people["users"]["super"]
    data = _headings(1500)
    assert len(data) > file_jobs.INLINE_BYTES
    graph_id = await file_jobs.import_upload(user, "大纲.md", data, name="工作进程导入")
    graph = await Graph.get(id=graph_id)
    assert graph.name == "工作进程导入" and graph.node_count == 1501
    children = await Node.filter(graph_id=graph_id, level=1).order_by("order").values_list("name", "order", "direction")
    assert [name for name, _o, _d in children] == [f"标题{i}" for i in range(1500)]
    assert [order for _n, order, _d in children] == list(range(1500))
    assert [direction for _n, _o, direction in children[:3]] == ["right", "left", "right"]


async def test_a_refusal_in_a_worker_keeps_its_key_and_place_and_stores_nothing(people):
    user = people["users"]["super"]
    data = _headings(600) + "<!-- relations: [{\"start\": \"x\"} -->\n".encode("utf-8") + b"\xff\xfe"
    with pytest.raises(FormatError) as refused:
        await file_jobs.import_upload(user, "坏.md", data)
    assert refused.value.key == "format.unreadable" and "坏.md" in refused.value.message("en")
    assert await Graph.filter(name="大纲").count() == 0


async def test_an_export_made_by_a_worker_equals_the_one_made_in_place(people):
    user = people["users"]["super"]
    graph_id = await file_jobs.import_upload(user, "大纲.md", _headings(file_jobs.INLINE_NODES + 50))
    for fmt in ("md", "xlsx"):
        offloaded, name = await file_jobs.export(user, graph_id, fmt)
        in_place, same_name = await imports.export_graph(user, graph_id, fmt)
        assert name == same_name
        assert imports.read_file(f"x.{fmt}", offloaded).node_count() == imports.read_file(f"x.{fmt}", in_place).node_count() \
            == file_jobs.INLINE_NODES + 51


async def test_a_plain_function_runs_in_a_worker_process():
    import os

    assert await offload.run(os.getpid) != os.getpid()


async def test_a_big_graph_is_copied_and_restored_by_a_worker(people):
    from toolkit.graphs import big, copies, tree, versions

    user = people["users"]["super"]
    graph_id = await file_jobs.import_upload(user, "大纲.md", _headings(big.INLINE_NODES + 50))
    saved = await versions.save_version(user, graph_id, "v1")
    first = await Node.filter(graph_id=graph_id, level=1, order=0).first()
    await tree.update_node(user, graph_id, first.id, None, name="改过")
    restored = await big.run(versions.restore_version, user, graph_id, saved["id"], graph_ids=[graph_id])
    assert restored["restored"] == saved["number"] and restored["created"] == 0 and restored["deleted"] == 0
    assert (await Node.get(id=first.id)).name == "标题0"
    await tree.update_node(user, graph_id, first.id, None, name="又改")
    second = await big.run(versions.save_version, user, graph_id, "v2", "", graph_ids=[graph_id])
    compared = await big.run(versions.compare_versions, user, graph_id, saved["id"], second["id"], graph_ids=[graph_id])
    assert compared["counts"]["renamed"] == 1 and compared["nodes"][0]["name"] == "又改"
    copy = await big.run(copies.save_graph_as, user, graph_id, "副本", None, graph_ids=[graph_id])
    assert isinstance(copy, Graph) and copy.id != graph_id and copy.node_count == big.INLINE_NODES + 51
    assert await Node.filter(graph_id=copy.id).count() == big.INLINE_NODES + 51


async def test_a_big_library_graph_is_granted_by_a_worker(people):
    """A library copy of a big graph (approval or a direct grant) is made off the event loop."""
    from toolkit import library
    from toolkit.graphs import big
    from toolkit.model import LibraryApply, Project, ProjectMember

    user = people["users"]["super"]
    graph_id = await file_jobs.import_upload(user, "大纲.md", _headings(big.INLINE_NODES + 50))
    await library.publish(user, graph_id, "大纲")
    await library.update_public_state(user, graph_id, library.PUBLISH)
    project = await Project.create(name="项目C", unit=people["unit"], leader=people["users"]["admin"])
    await ProjectMember.create(project=project, user=people["users"]["admin"], role="10")
    granted = await big.run(library.authorize, user, graph_id, project.id, None, None, graph_ids=[graph_id])
    assert granted["state"] == library.AUTHORIZATION
    assert await Node.filter(graph_id=granted["copyGraphId"]).count() == big.INLINE_NODES + 51
    apply = await LibraryApply.get(id=granted["id"])
    assert await library.graph_of_apply(apply.id) == graph_id and await library.graph_of_apply(10 ** 6) is None
