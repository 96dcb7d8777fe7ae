"""User dictionaries: course terms per graph or per project, fed to LAC so it keeps them whole."""
from __future__ import annotations

from toolkit import audit, roles
from toolkit.errors import Forbidden, ValidationError
from toolkit.graphs.guard import open_graph
from toolkit.mining import rights
from toolkit.model import Graph, ProjectMember, User, UserDictionary

MAX_TERMS = 20000
MAX_TERM_CHARS = 40


def clean_terms(terms) -> list[str]:
    if isinstance(terms, str):
        terms = terms.splitlines()
    if not isinstance(terms, list):
        raise ValidationError("error.field_invalid", field="terms")
    cleaned = []
    for term in terms:
        if not isinstance(term, str):
            raise ValidationError("error.field_invalid", field="terms")
        term = term.strip()
        if not term:
            continue
        if len(term) > MAX_TERM_CHARS or any(ch in term for ch in "\t\r\n"):
            raise ValidationError("mining.dictionary_term", term=term[:MAX_TERM_CHARS])
        cleaned.append(term)
    if len(cleaned) > MAX_TERMS:
        raise ValidationError("error.field_invalid", field="terms")
    return list(dict.fromkeys(cleaned))


async def _check_scope(user: User, graph_id: int | None, project_id: int | None, edit: bool) -> None:
    if (graph_id is None) == (project_id is None):
        raise ValidationError("mining.dictionary_scope")
    if edit:
        await rights.check_write(user, graph_id=graph_id, project_id=project_id)
    elif graph_id is not None:
        await open_graph(user, graph_id)
    elif user.role != roles.SUPER and not await ProjectMember.exists(project_id=project_id, user_id=user.id):
        raise Forbidden()


async def get_terms(user: User, graph_id: int | None = None, project_id: int | None = None) -> dict:
    await _check_scope(user, graph_id, project_id, edit=False)
    row = await UserDictionary.get_or_none(graph_id=graph_id, project_id=project_id)
    return {"graphId": graph_id, "projectId": project_id, "terms": row.terms if row else []}


async def set_terms(user: User, terms, graph_id: int | None = None, project_id: int | None = None) -> dict:
    await _check_scope(user, graph_id, project_id, edit=True)
    cleaned = clean_terms(terms)
    row = await UserDictionary.get_or_none(graph_id=graph_id, project_id=project_id)
    if row is None:
        await UserDictionary.create(graph_id=graph_id, project_id=project_id, terms=cleaned)
    else:
        row.terms = cleaned
        await row.save(update_fields=["terms", "updated_at"])
    await audit.record("dictionary.set", user.id, "graph" if graph_id else "project", graph_id or project_id, count=len(cleaned))
    return {"graphId": graph_id, "projectId": project_id, "terms": cleaned}


async def terms_for(graph_id: int | None, project_id: int | None = None) -> list[str]:
    """The graph's terms and its project's, for a mining run."""
    if graph_id is not None and project_id is None:
        project_id = await Graph.filter(id=graph_id).first().values_list("project_id", flat=True)
    terms: list[str] = []
    if graph_id is not None:
        row = await UserDictionary.get_or_none(graph_id=graph_id, project_id=None)
        terms += row.terms if row else []
    if project_id is not None:
        row = await UserDictionary.get_or_none(project_id=project_id, graph_id=None)
        terms += row.terms if row else []
    return list(dict.fromkeys(terms))
