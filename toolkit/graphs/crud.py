"""Creating, reading, renaming, publishing, copying and deleting whole graphs."""
from __future__ import annotations

from tortoise.transactions import in_transaction

from toolkit import audit, textrules
from toolkit.errors import NotFound, ValidationError
from toolkit.graphs.access import template_controlled, trial_expired
from toolkit.graphs.guard import open_graph
from toolkit.graphs.revisions import claim_graph
from toolkit.model import Graph, LibraryEntry, Node, Project, ProjectMember, Template, User
from toolkit import roles
from toolkit.errors import Forbidden


async def _project_for_create(user: User, project_id: int | None, template_id: int | None = None) -> Project | None:
    """The project a new graph goes into, if the caller may write there: not a tester, not an
    expired trial, and a project user only with a template the project lets them edit
    (batchUpdateTemplateControl), or the creator's edit right would undo that control."""
    if project_id is None:
        return None
    project = await Project.get_or_none(id=project_id)
    if project is None:
        raise NotFound(what="what.project")
    if user.role == roles.TEST or trial_expired(project.tryout, project.end_time):
        raise Forbidden()
    if user.role != roles.SUPER and not (user.role == roles.ADMIN and project.unit_id == user.unit_id):
        role = await ProjectMember.filter(project_id=project.id, user_id=user.id).first().values_list("role", flat=True)
        if role is None:
            raise Forbidden()
        if role == roles.PROJECT_USER and template_id is not None \
                and not template_controlled(project.controlled_template_ids, template_id):
            raise Forbidden()
    return project


def clean_name(name: str | None) -> str:
    name = textrules.clean_text("graph.name", name).strip()
    if not name:
        raise ValidationError("error.field_required", field="name")
    return name


async def create_graph(user: User, name: str, template_id: int, project_id: int | None, description: str = "") -> Graph:
    """A new graph holds one root node of the template's root entity, named like the graph."""
    name = clean_name(name)
    description = textrules.clean_text("graph.description", description)
    template = await Template.get_or_none(id=template_id, enabled=True)
    if template is None:
        raise NotFound(what="what.template")
    project = await _project_for_create(user, project_id, template.id)
    if project is not None and project.allowed_template_ids and template.id not in project.allowed_template_ids:
        raise Forbidden()
    root_type = next(e["code"] for e in template.entitys if e.get("isRoot"))
    async with in_transaction():
        graph = await Graph.create(name=name, description=description, template=template, project=project,
                                   create_user=user, is_tryout=bool(project and project.tryout),
                                   author_ids=[user.id], node_count=1)
        await Node.create(graph=graph, name=name, type=root_type, level=0, order=0)
        await audit.record("graph.create", user.id, "graph", graph.id, template=template.code)
    return graph


async def graph_detail(user: User, graph_id: int) -> dict:
    access = await open_graph(user, graph_id)
    graph = access.graph
    root = await Node.filter(graph_id=graph.id, parent_id=None).first().values_list("id", flat=True)
    return {
        "id": graph.id, "name": graph.name, "description": graph.description,
        "templateId": graph.template_id, "templateCode": graph.template.code, "templateKind": graph.template.kind,
        "templateName": graph.template.name, "projectId": graph.project_id,
        "projectName": graph.project.name if graph.project else None, "releaseState": graph.release_state,
        "isTryout": graph.is_tryout, "isPublic": graph.is_public, "isEdit": 1 if access.can_edit else 0,
        "createUserId": graph.create_user_id, "authorIds": graph.author_ids or [],
        "relationGraphId": graph.relation_graph_id, "sourceGraphId": graph.source_graph_id,
        # The library state (SPEC §4: wait 0, refuse 2, publish 4, unpublish 6; None when never offered).
        "publicState": await LibraryEntry.filter(graph_id=graph.id).order_by("-id").first().values_list("public_state", flat=True),
        "revision": graph.revision, "nodeCount": graph.node_count, "rootId": root,
        "updateTime": graph.updated_at.isoformat() if graph.updated_at else None,
    }


async def update_graph(user: User, graph_id: int, revision: int | None, name: str | None = None,
                       description: str | None = None, author_ids: list[int] | None = None) -> None:
    access = await open_graph(user, graph_id, edit=True)
    graph = access.graph
    async with in_transaction():
        await claim_graph(graph.id, revision)
        fields = {}
        if name is not None:
            if not isinstance(name, str):
                raise ValidationError("error.field_invalid", field="name")
            fields["name"] = clean_name(name)
        if description is not None:
            fields["description"] = textrules.clean_text("graph.description", description)
        if author_ids is not None:
            # Callers pass JSON as it came: a string or a list of flags is refused, not iterated.
            if not isinstance(author_ids, list) or not all(isinstance(a, int) and not isinstance(a, bool) for a in author_ids):
                raise ValidationError("error.field_invalid", field="authorIds")
            fields["author_ids"] = author_ids
        if fields:
            await Graph.filter(id=graph.id).update(**fields)
            if "name" in fields:
                await Node.filter(graph_id=graph.id, parent_id=None).update(name=fields["name"])
        await audit.record("graph.update", user.id, "graph", graph.id, fields=sorted(fields))


async def delete_graph(user: User, graph_id: int) -> None:
    access = await open_graph(user, graph_id, edit=True)
    async with in_transaction():
        await access.graph.delete()
        await audit.record("graph.delete", user.id, "graph", graph_id)


async def set_release(user: User, graph_id: int, released: bool) -> None:
    access = await open_graph(user, graph_id, edit=True)
    await Graph.filter(id=access.graph.id).update(release_state=1 if released else 0)
    await audit.record("graph.publish" if released else "graph.unpublish", user.id, "graph", graph_id)
