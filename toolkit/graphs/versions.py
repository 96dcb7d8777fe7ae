"""Saved versions: snapshots, the list, comparing, restoring (as a new revision: nothing is lost)."""
from __future__ import annotations

import json
import zlib

from tortoise.functions import Max
from tortoise.transactions import in_transaction

from toolkit import audit, graphdoc, messages, textrules
from toolkit.errors import NotFound
from toolkit.graphs.apply import apply_document
from toolkit.graphs.diff import compare
from toolkit.graphs.documents import to_document
from toolkit.graphs.guard import open_graph
from toolkit.model import Graph, GraphVersion, User


def pack(doc: graphdoc.GraphDoc) -> bytes:
    return zlib.compress(json.dumps(graphdoc.to_dict(doc), ensure_ascii=False).encode("utf-8"), 6)


def unpack(blob: bytes) -> graphdoc.GraphDoc:
    return graphdoc.from_dict(json.loads(zlib.decompress(blob).decode("utf-8")), "version")


def version_view(version: GraphVersion) -> dict:
    return {"id": version.id, "number": version.number, "name": version.name, "remark": version.remark,
            "revision": version.revision, "nodeCount": version.node_count, "createUserId": version.create_user_id,
            "createTime": version.created_at.isoformat() if version.created_at else None}


async def _save(graph: Graph, user: User | None, name: str, remark: str) -> GraphVersion:
    doc = await to_document(graph)
    latest = await GraphVersion.filter(graph_id=graph.id).annotate(top=Max("number")).first().values_list("top", flat=True)
    version = await GraphVersion.create(graph_id=graph.id, number=(latest or 0) + 1, name=name.strip(), remark=remark,
                                        revision=graph.revision, snapshot=pack(doc), node_count=doc.node_count(),
                                        create_user=user)
    return version


async def save_version(user: User, graph_id: int, name: str = "", remark: str = "") -> dict:
    access = await open_graph(user, graph_id, edit=True)
    name, remark = textrules.clean_text("version.name", name), textrules.clean_text("version.remark", remark)
    async with in_transaction():
        version = await _save(access.graph, user, name, remark)
        await audit.record("graph.version", user.id, "graph", graph_id, version=version.number)
    return version_view(version)


async def list_versions(user: User, graph_id: int) -> list[dict]:
    await open_graph(user, graph_id)
    return [version_view(v) for v in await GraphVersion.filter(graph_id=graph_id).order_by("-number")]


async def _version(graph_id: int, version_id: int) -> GraphVersion:
    version = await GraphVersion.get_or_none(id=version_id, graph_id=graph_id)
    if version is None:
        raise NotFound(what="what.version")
    return version


async def compare_versions(user: User, graph_id: int, version_id: int, other_version_id: int | None = None) -> dict:
    """A version against now, or against another version (older first)."""
    access = await open_graph(user, graph_id)
    old = unpack((await _version(graph_id, version_id)).snapshot)
    new = unpack((await _version(graph_id, other_version_id)).snapshot) if other_version_id else await to_document(access.graph)
    return compare(old, new).as_dict()


async def restore_version(user: User, graph_id: int, version_id: int, lang: str | None = None) -> dict:
    """Save the present as a version first (named in the caller's language), then make the graph equal to the chosen one."""
    access = await open_graph(user, graph_id, edit=True)
    version = await _version(graph_id, version_id)
    async with in_transaction():
        backup = await _save(access.graph, user, messages.text("version.before_restore", lang, number=version.number), "")
        result = await apply_document(access.graph, unpack(version.snapshot))
        await audit.record("graph.restore", user.id, "graph", graph_id, version=version.number, backup=backup.number)
    return {"restored": version.number, "backupVersion": backup.number, **result}
