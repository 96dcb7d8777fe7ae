"""/api/graph: reading and editing a graph's content (SPEC §7 "Graph content")."""
from sanic import Blueprint, Request

from service.access import ADMIN, EXPERT, SUPER, access
from service.envelope import lang_of, not_modified, ok, ok_body, page, tagged
from service.request_data import int_field, int_list, json_body, optional_text, query_int, query_text, required_query_int, text_field
from toolkit.graphs import analysis, big, curriculum, merge, read_cache, reads, relations, tasks, tree
from toolkit.errors import ValidationError

bp = Blueprint("graph_content", url_prefix="/api/graph")


async def _cached_read(request: Request, graph_id: int, question: tuple, produce):
    """A graph read through toolkit.graphs.read_cache: 304 when the reader already holds this
    answer, the stored bytes when someone with the same rights asked it at this revision, else
    produce() now."""
    rights = await read_cache.read_rights(request.ctx.user, graph_id)
    tag = read_cache.answer_tag(rights, *question, lang_of(request))
    if read_cache.matches(request.headers.get("if-none-match"), tag):
        return not_modified(tag)

    async def build() -> bytes:
        return ok_body(request, await produce())

    return tagged(await read_cache.ANSWERS.answer(rights, tag, build), tag)


@bp.get("/searchTree")
@access()
async def search_tree(request: Request):
    """The graph's tree (or the subtree under nodeId) as nested nodes with `childs`.

    depth: levels below the start to include; nodes at the cut carry `hasChilds`.
    view: `full` (default) gives every node's description, definition, attributes and tags;
    `outline` gives only id, parentId, name, type, order, level, isControl, direction, isNewNode,
    isUpdateNode, isDefine and revision, for drawing the tree (getNode reads a node in full).
    """
    graph_id, node_id, depth = required_query_int(request, "graphId"), query_int(request, "nodeId"), query_int(request, "depth")
    view = query_text(request, "view") or "full"
    return await _cached_read(request, graph_id, ("searchTree", node_id, depth, view),
                              lambda: tree.search_tree(request.ctx.user, graph_id, node_id, depth, view))


@bp.get("/getNode")
@access()
async def get_node(request: Request):
    graph_id, node_id = required_query_int(request, "graphId"), required_query_int(request, "nodeId")
    return await _cached_read(request, graph_id, ("getNode", node_id), lambda: tree.get_node(request.ctx.user, graph_id, node_id))


@bp.get("/searchGraph")
@access()
async def search_graph(request: Request):
    graph_id = required_query_int(request, "graphId")
    return await _cached_read(request, graph_id, ("searchGraph",), lambda: reads.search_graph(request.ctx.user, graph_id))


@bp.get("/searchPoint")
@access()
async def search_point(request: Request):
    items, total = await reads.search_points(request.ctx.user, required_query_int(request, "graphId"), query_text(request, "keyword"),
                                             query_text(request, "type") or None, query_int(request, "page", 1), query_int(request, "pageSize", 10))
    return page(request, items, total)


@bp.get("/searchPointAll")
@access()
async def search_point_all(request: Request):
    items, total = await reads.search_points_all(request.ctx.user, query_text(request, "keyword"), query_text(request, "type") or None,
                                                 query_int(request, "page", 1), query_int(request, "pageSize", 10))
    return page(request, items, total)


@bp.get("/SearchRelationList")
@access()
async def search_relation_list(request: Request):
    return ok(request, await reads.node_relations(request.ctx.user, required_query_int(request, "graphId"), required_query_int(request, "nodeId")))


@bp.get("/getRelationNum/<graph_id:int>")
@access()
async def get_relation_num(request: Request, graph_id: int):
    return await _cached_read(request, graph_id, ("getRelationNum",), lambda: reads.relation_counts(request.ctx.user, graph_id))


@bp.get("/countFanOut/<graph_id:int>")
@access()
async def count_fan_out(request: Request, graph_id: int):
    return await _cached_read(request, graph_id, ("countFanOut",), lambda: reads.fan_out(request.ctx.user, graph_id))


@bp.get("/searchNodesByDefineStatus/<graph_id:int>")
@access()
async def search_nodes_by_define_status(request: Request, graph_id: int):
    defined = query_int(request, "defined")
    return ok(request, await reads.nodes_by_define_status(request.ctx.user, graph_id, None if defined is None else bool(defined),
                                                          query_text(request, "type") or None))


@bp.get("/getGraphRelationList/<graph_id:int>")
@access()
async def get_graph_relation_list(request: Request, graph_id: int):
    items, total = await reads.relation_list(request.ctx.user, graph_id, query_text(request, "type") or None,
                                             query_int(request, "page", 1), query_int(request, "pageSize", 10))
    return page(request, items, total)


@bp.get("/checkGraph/<graph_id:int>")
@access()
async def check_graph(request: Request, graph_id: int):
    return ok(request, await analysis.check_graph(request.ctx.user, graph_id, lang_of(request)))


@bp.post("/createNode")
@access()
async def create_node(request: Request):
    data = json_body(request)
    return ok(request, await tree.create_node(
        request.ctx.user, int_field(data, "graphId"), int_field(data, "nodeId"), text_field(data, "name"),
        mode=optional_text(data, "mode") or "child", node_type=optional_text(data, "type") or None, position=int_field(data, "position", False),
        desc=optional_text(data, "desc") or "", revision=int_field(data, "revision", False)))


@bp.put("/updateNode/<node_id:int>")
@access()
async def update_node(request: Request, node_id: int):
    data = json_body(request)
    user, graph_id, revision = request.ctx.user, int_field(data, "graphId"), int_field(data, "revision", False)
    if "tags" in data:
        return ok(request, await tree.update_tags(user, graph_id, node_id, int_list(data, "tags"), revision))
    if "desc" in data:
        return ok(request, await tree.update_description(user, graph_id, node_id, revision, optional_text(data, "desc") or "", data.get("descTags")))
    if "attributes" in data:
        return ok(request, await tree.update_attributes(user, graph_id, node_id, revision, data.get("attributes")))
    is_core = data.get("isCore")
    return ok(request, await tree.update_node(user, graph_id, node_id, revision, name=optional_text(data, "name"), define=optional_text(data, "define"),
                                              is_core=None if is_core is None else bool(is_core), direction=optional_text(data, "direction")))


@bp.put("/changeNodeType")
@access()
async def change_node_type(request: Request):
    data = json_body(request)
    return ok(request, await tree.change_node_type(request.ctx.user, int_field(data, "graphId"), int_field(data, "nodeId"),
                                                   text_field(data, "type"), int_field(data, "revision", False)))


@bp.post("/moveNode")
@access()
async def move_node(request: Request):
    data = json_body(request)
    return ok(request, await tree.move_node(request.ctx.user, int_field(data, "graphId"), int_field(data, "nodeId"),
                                            int_field(data, "parentId"), int_field(data, "position", False), int_field(data, "revision", False)))


@bp.post("/updateOrder")
@access()
async def update_order(request: Request):
    data = json_body(request)
    await tree.update_order(request.ctx.user, int_field(data, "graphId"), int_field(data, "parentId"), int_list(data, "ids"),
                            int_field(data, "revision", False))
    return ok(request, None)


@bp.delete("/deleteNode")
@access()
async def delete_node(request: Request):
    node_id = required_query_int(request, "nodeId")
    revision = query_int(request, "revision")
    count = await tree.delete_nodes(request.ctx.user, required_query_int(request, "graphId"), [node_id],
                                    {node_id: revision} if revision is not None else None)
    return ok(request, {"deleted": count})


@bp.delete("/batchDeleteNode")
@access()
async def batch_delete_node(request: Request):
    data = json_body(request)
    count = await tree.delete_nodes(request.ctx.user, int_field(data, "graphId"), int_list(data, "ids"))
    return ok(request, {"deleted": count})


@bp.post("/createRelation")
@access()
async def create_relation(request: Request):
    data = json_body(request)
    attributes = data.get("attributes") or {}
    if not isinstance(attributes, dict):
        raise ValidationError("error.field_invalid", field="attributes")
    return ok(request, await relations.create_relation(request.ctx.user, int_field(data, "graphId"), int_field(data, "startNodeId"),
                                                       int_field(data, "targetNodeId"), text_field(data, "relationshipType"), attributes))


@bp.delete("/deleteRelation")
@access()
async def delete_relation(request: Request):
    await relations.delete_relation(request.ctx.user, required_query_int(request, "graphId"), required_query_int(request, "relationId"))
    return ok(request, None)


@bp.post("/UpdateNodeRelation")
@access()
async def update_node_relation(request: Request):
    data = json_body(request)
    return ok(request, await relations.update_node_relations(request.ctx.user, int_field(data, "graphId"), int_field(data, "nodeId"),
                                                             text_field(data, "relationshipType"), int_list(data, "targetIds")))


@bp.post("/createCrossRelation")
@access()
async def create_cross_relation(request: Request):
    data = json_body(request)
    return ok(request, await relations.create_cross_relation(
        request.ctx.user, int_field(data, "graphId"), int_field(data, "nodeId"), int_field(data, "targetGraphId"),
        int_field(data, "targetNodeId"), text_field(data, "relationshipType")))


@bp.delete("/deleteCrossRelation")
@access()
async def delete_cross_relation(request: Request):
    await relations.delete_cross_relation(request.ctx.user, required_query_int(request, "id"))
    return ok(request, None)


def _merge_args(data: dict) -> dict:
    renames = data.get("renames") or {}
    if not isinstance(renames, dict):
        raise ValidationError("error.field_invalid", field="renames")
    return {"graph_id": int_field(data, "graphId"), "node_id": int_field(data, "nodeId", False),
            "source_graph_id": int_field(data, "sourceGraphId"), "source_node_id": int_field(data, "sourceNodeId", False),
            "renames": {str(k): str(v) for k, v in renames.items()}}


@bp.post("/mergeTreeCheck")
@access()
async def merge_tree_check(request: Request):
    args = _merge_args(json_body(request))
    return ok(request, await big.run(merge.merge_check, request.ctx.user, **args, graph_ids=[args["graph_id"], args["source_graph_id"]]))


@bp.post("/prepareMergeTree")
@access()
async def prepare_merge_tree(request: Request):
    args = _merge_args(json_body(request))
    return ok(request, await big.run(merge.merge_prepare, request.ctx.user, **args, graph_ids=[args["graph_id"], args["source_graph_id"]]))


@bp.post("/mergeTree")
@access(SUPER, ADMIN, EXPERT)
async def merge_tree(request: Request):
    args = _merge_args(json_body(request))
    return ok(request, await big.run(merge.merge_apply, request.ctx.user, **args, graph_ids=[args["graph_id"], args["source_graph_id"]]))


@bp.post("/mergeAllPreview")
@access()
async def merge_all_preview(request: Request):
    data = json_body(request)
    graph_id, sources = int_field(data, "graphId"), int_list(data, "sourceGraphIds")
    return ok(request, await big.run(merge.merge_all, request.ctx.user, graph_id, sources, apply=False, graph_ids=[graph_id, *sources]))


@bp.post("/mergeAll")
@access(SUPER, ADMIN, EXPERT)
async def merge_all(request: Request):
    data = json_body(request)
    graph_id, sources = int_field(data, "graphId"), int_list(data, "sourceGraphIds")
    return ok(request, await big.run(merge.merge_all, request.ctx.user, graph_id, sources, apply=True, graph_ids=[graph_id, *sources]))


@bp.get("/checkDuplicates/<graph_id:int>")
@access()
async def check_duplicates(request: Request, graph_id: int):
    return ok(request, await merge.find_duplicates(request.ctx.user, graph_id))


@bp.post("/task/dispatch")
@access(SUPER, ADMIN, EXPERT)
async def task_dispatch(request: Request):
    data = json_body(request)
    return ok(request, await tasks.dispatch(request.ctx.user, int_field(data, "graphId"), int_field(data, "nodeId"),
                                            int_field(data, "assigneeId"), data.get("title") or ""))


@bp.get("/task/assignees")
@access(SUPER, ADMIN, EXPERT)
async def task_assignees(request: Request):
    return ok(request, await tasks.assignable_users(request.ctx.user, required_query_int(request, "graphId"),
                                                    query_text(request, "keyword"), query_int(request, "limit", 20)))


@bp.post("/task/assign")
@access(SUPER, ADMIN, EXPERT)
async def task_assign(request: Request):
    data = json_body(request)
    return ok(request, await tasks.assign(request.ctx.user, int_field(data, "taskId"), int_field(data, "assigneeId")))


@bp.post("/task/submit")
@access(SUPER, ADMIN, EXPERT)
async def task_submit(request: Request):
    return ok(request, await tasks.submit(request.ctx.user, int_field(json_body(request), "taskId")))


@bp.post("/task/examine")
@access(SUPER, ADMIN, EXPERT)
async def task_examine(request: Request):
    data = json_body(request)
    return ok(request, await tasks.examine(request.ctx.user, int_field(data, "taskId"), bool(data.get("approve")), data.get("opinion") or ""))


@bp.get("/task/overview/<graph_id:int>")
@access()
async def task_overview(request: Request, graph_id: int):
    return ok(request, await tasks.overview(request.ctx.user, graph_id))


@bp.get("/searchAbilityRelation")
@access()
async def search_ability_relation(request: Request):
    return ok(request, await curriculum.ability_relations(request.ctx.user, required_query_int(request, "graphId"),
                                                          required_query_int(request, "nodeId")))


@bp.get("/searchAbilityPointRelationTotal/<graph_id:int>")
@access()
async def search_ability_point_relation_total(request: Request, graph_id: int):
    return ok(request, await curriculum.ability_relation_totals(request.ctx.user, graph_id))


@bp.get("/getCourseTimes/<graph_id:int>")
@access()
async def get_course_times(request: Request, graph_id: int):
    return ok(request, await curriculum.course_times(request.ctx.user, graph_id))


@bp.get("/getCourseLine/<graph_id:int>")
@access()
async def get_course_line(request: Request, graph_id: int):
    return ok(request, await curriculum.course_line(request.ctx.user, graph_id))


@bp.get("/getCourseDisplayInfo/<graph_id:int>")
@access()
async def get_course_display_info(request: Request, graph_id: int):
    return ok(request, await curriculum.course_display_info(request.ctx.user, graph_id))


@bp.post("/checkNewAbilityTree")
@access()
async def check_new_ability_tree(request: Request):
    return ok(request, await curriculum.check_ability_tree(request.ctx.user, int_field(json_body(request), "graphId")))
