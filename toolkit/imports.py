"""Reading files into graphs and writing graphs to files: import (new graph or merge as a diff),
export, validate (no database), convert (file to file)."""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from pathlib import Path

from tortoise.transactions import in_transaction

from toolkit import audit, builtins, formats, textrules
from toolkit.errors import FormatError, NotFound, ZhituError
from toolkit.formats import report
from toolkit.formats.labels import Labels
from toolkit.formats.limits import MAX_TREE_DEPTH
from toolkit.formats.outline import assign_types
from toolkit.formats.report import ImportReport
from toolkit.graphdoc import GraphDoc
from toolkit.graphs.apply import apply_document
from toolkit.graphs.diff import compare
from toolkit.graphs.documents import to_document
from toolkit.graphs.guard import open_graph
from toolkit.graphs.store import store_document
from toolkit.model import Graph, Project, Template, User

POINT_SHAPE = "underline"


def read_file(path: str | Path, data: bytes | None = None, fmt: str | None = None) -> GraphDoc:
    name = formats.format_of(path, fmt)
    if not formats.readable(name):
        raise FormatError("format.write_only", where=Path(path).name, name=name)
    try:
        doc = formats.module(name).read(path, data)
    except RecursionError as exc:  # a last guard: the readers refuse deep trees themselves
        raise FormatError("format.too_deep", where=Path(path).name, max=MAX_TREE_DEPTH) from exc
    textrules.check_document(doc, Path(path).name)
    return doc


def read_documents(path: str | Path, data: bytes | None = None, fmt: str | None = None, sheet: str | None = None,
                   **options) -> tuple[list[GraphDoc], ImportReport]:
    """Every graph a file holds (an XMind or Excel file may hold several sheets; `sheet` picks one) and
    the report of what was read, left out and warned about. Reader options (Excel `levels`,
    `name_col`, PDF `from_layout`) go to the readers that take them."""
    name = formats.format_of(path, fmt)
    if not formats.readable(name):
        raise FormatError("format.write_only", where=Path(path).name, name=name)
    module = formats.module(name)
    with report.collecting(Path(path).name, name) as collected:
        try:
            if hasattr(module, "read_all"):
                # Each option goes to the readers that take it (--levels means nothing to an XMind file).
                accepted = inspect.signature(module.read_all).parameters
                docs = module.read_all(path, data, sheet=sheet, **{k: v for k, v in options.items() if k in accepted})
            else:
                docs = [module.read(path, data)]
        except RecursionError as exc:  # a last guard: the readers refuse deep trees themselves
            raise FormatError("format.too_deep", where=Path(path).name, max=MAX_TREE_DEPTH) from exc
        for doc in docs:  # inside the report: text cut to its limit is a warning there
            textrules.check_document(doc, Path(path).name)
    collected.nodes_read = sum(doc.node_count() for doc in docs)
    collected.graphs = [{"name": doc.name, "nodes": doc.node_count()} for doc in docs]
    return docs, collected


def sheets_of(path: str | Path, data: bytes | None = None, fmt: str | None = None) -> list[dict]:
    """The sheets of a file for a sheet picker: [{name, nodes}] (one entry for one-sheet formats)."""
    docs, _report = read_documents(path, data, fmt)
    return [{"name": doc.name, "nodes": doc.node_count()} for doc in docs]


def write_file(doc: GraphDoc, path: str | Path, fmt: str | None = None) -> None:
    formats.module(formats.format_of(path, fmt)).write(doc, path)


def convert_file(source: str | Path, target: str | Path) -> GraphDoc:
    """One file to another without a database. An .edg target gets its template and node types the way
    an import would give them, so Zhitu accepts what it wrote; a file that would not import is refused."""
    doc = read_file(source)
    if formats.format_of(target) == "edg":
        try:
            source_format = formats.format_of(source)
        except FormatError:
            source_format = ""
        problems = fit_to_template(doc, TemplateRules.builtin(doc.template or "teaching"), source_format in FREE_ATTRIBUTES)
        if problems:
            raise problems[0]
    write_file(doc, target)
    return doc


def dump(doc: GraphDoc, fmt: str, labels: Labels | None = None) -> bytes:
    """The document as a file of `fmt`; the writers that show names (Excel, Word) show `labels`."""
    module = formats.module(fmt)
    data = module.dumps(doc, labels=labels) if labels is not None and "labels" in inspect.signature(module.dumps).parameters \
        else module.dumps(doc)
    return data.encode("utf-8") if isinstance(data, str) else data


@dataclass
class TemplateRules:
    """What a template allows, from the built-in catalogue (no database needed) or a stored template."""

    code: str
    root_type: str
    allowed: dict[str, list[str]]
    relations: dict[str, set[tuple[str, str]]]
    point_like: set[str] = field(default_factory=set)
    # entity code -> {attribute code or display name -> attribute code}
    attributes: dict[str, dict[str, str]] = field(default_factory=dict)
    # a type's or a relation's code or name in either language (folded) -> its code
    entity_names: dict[str, str] = field(default_factory=dict)
    relation_names: dict[str, str] = field(default_factory=dict)

    @classmethod
    def builtin(cls, code: str) -> "TemplateRules":
        for _kind, template_code, _zh, _en, structure, relation_codes, _desc in builtins.TEMPLATES:
            if template_code == code:
                entitys = builtins.template_entitys(structure)
                relations = builtins.template_relations(relation_codes, structure)
                shapes = {c: shape for c, _z, _e, shape, _a in builtins.ENTITY_TYPES}
                definitions = {c: attrs for c, _z, _e, _s, attrs in builtins.ENTITY_TYPES}
                return cls(code, next(iter(structure)), {e["code"]: e["children"] for e in entitys},
                           {r["code"]: {(s["startEntityCode"], s["endEntityCode"]) for s in r["effectScope"]} for r in relations},
                           {c for c in structure if shapes.get(c) == POINT_SHAPE},
                           {c: _attribute_keys(definitions.get(c, [])) for c in structure},
                           _names((c, zh, en) for c, zh, en, _s, _a in builtins.ENTITY_TYPES if c in structure),
                           _names((c, zh, en) for c, zh, en, *_rest in builtins.RELATION_TYPES if c in relation_codes))
        raise FormatError("graphdoc.unknown_template", template=code)

    @classmethod
    async def stored(cls, template: Template) -> "TemplateRules":
        from toolkit.model import EntityType, RelationType

        codes = [e["code"] for e in template.entitys]
        rows = await EntityType.filter(code__in=codes).values("code", "name", "name_en", "icon_style", "attributes")
        relation_rows = await RelationType.filter(code__in=[r["code"] for r in template.relations]).values("code", "name", "name_en")
        return cls(template.code, next(e["code"] for e in template.entitys if e.get("isRoot")),
                   {e["code"]: list(e.get("children") or []) for e in template.entitys},
                   {r["code"]: {(s["startEntityCode"], s["endEntityCode"]) for s in r.get("effectScope") or []} for r in template.relations},
                   {r["code"] for r in rows if (r["icon_style"] or {}).get(POINT_SHAPE)},
                   {r["code"]: _attribute_keys(r["attributes"] or []) for r in rows},
                   _names((r["code"], r["name"], r["name_en"]) for r in rows),
                   _names((r["code"], r["name"], r["name_en"]) for r in relation_rows))


def _attribute_keys(definitions: list[dict]) -> dict[str, str]:
    """An attribute's code, Chinese name or English name -> its code (a column a user headed by name)."""
    keys = {}
    for definition in definitions:
        keys[definition["code"]] = definition["code"]
        keys[definition.get("name") or definition["code"]] = definition["code"]
        if definition.get("nameEn"):
            keys.setdefault(definition["nameEn"], definition["code"])
    return keys


def _fold(name: str) -> str:
    return " ".join(str(name or "").split()).casefold()


def _names(rows) -> dict[str, str]:
    """(code, Chinese name, English name) rows -> {each of them folded: code}; codes win over names."""
    names: dict[str, str] = {}
    rows = list(rows)
    for code, _zh, _en in rows:
        names[_fold(code)] = code
    for code, zh, en in rows:
        for name in (zh, en):
            if name:
                names.setdefault(_fold(name), code)
    return names


# Formats whose node attributes are free key/value pairs (a mind map has no columns to mistype).
# An .edg carries the extra pairs a graph stored from a mind map, so it keeps them too.
FREE_ATTRIBUTES = {"xmind", "mm", "opml", "docx", "pdf", "md", "edg"}


def fit_to_template(doc: GraphDoc, rules: TemplateRules, free_attributes: bool = False) -> list[FormatError]:
    """Give untyped nodes types and list every problem (by node path) instead of stopping at the first.
    With free_attributes, an attribute the template lacks is kept as an extra pair (and reported)."""
    doc.template = rules.code
    for node, _parent, _level in doc.walk():  # a type named as a person reads it (知识点, Knowledge point)
        node.type = rules.entity_names.get(_fold(node.type), node.type) if node.type else node.type
    for relation in doc.relations:
        relation.type = rules.relation_names.get(_fold(relation.type), relation.type)
    assign_types(doc, rules.root_type, rules.allowed, rules.point_like)
    problems: list[FormatError] = []
    paths: dict[str, str] = {}
    for node, parent, _level in doc.walk():
        paths[node.id] = f"{paths[parent.id]} > {node.name}" if parent is not None else node.name
        if parent is None and node.type != rules.root_type:
            problems.append(FormatError("graphdoc.unknown_entity", where=paths[node.id], template=rules.code, type=node.type))
        elif node.type not in rules.allowed:
            problems.append(FormatError("graphdoc.unknown_entity", where=paths[node.id], template=rules.code, type=node.type or "?"))
        elif parent is not None and node.type not in rules.allowed.get(parent.type, []):
            problems.append(FormatError("graphdoc.unknown_entity", where=paths[node.id], template=rules.code, type=node.type))
    for node, _parent, _level in doc.walk():
        known = rules.attributes.get(node.type, {})
        renamed = {}
        for key, value in node.attributes.items():
            if key not in known and free_attributes:
                renamed[key] = value
                report.notice("import.unknown_attribute", paths[node.id], name=key)
            elif key not in known:
                problems.append(FormatError("format.unknown_column", where=paths[node.id], column=key))
            else:
                renamed[known[key]] = value
        node.attributes = renamed
    types = {n.id: n.type for n, _p, _l in doc.walk()}
    for relation in doc.relations:
        scope = rules.relations.get(relation.type)
        if scope is None or (scope and (types.get(relation.start), types.get(relation.target)) not in scope):
            problems.append(FormatError("graphdoc.unknown_relation", where=f"{paths.get(relation.start, relation.start)} -> "
                                        f"{paths.get(relation.target, relation.target)}", type=relation.type))
    return problems


def validate_file(path: str | Path, template: str | None = None) -> tuple[GraphDoc | None, list[ZhituError]]:
    """Everything wrong with one file, without a database: for CI jobs."""
    docs, problems, _report = validate_documents(path, template)
    return (docs[0] if docs else None), problems


def validate_documents(path: str | Path, template: str | None = None, data: bytes | None = None, sheet: str | None = None,
                       **options) -> tuple[list[GraphDoc], list[ZhituError], ImportReport]:
    """Every graph of one file fitted to its template without a database: the graphs, every problem,
    and the import report (warnings and what would not be carried over)."""
    try:
        docs, collected = read_documents(path, data, sheet=sheet, **options)
    except ZhituError as exc:
        return [], [exc], report.ImportReport(Path(path).name)
    problems: list[ZhituError] = []
    free = collected.format in FREE_ATTRIBUTES or collected.free_attributes
    with report.collecting(collected.source, into=collected):
        for doc in docs:
            try:
                rules = TemplateRules.builtin(template or doc.template or "teaching")
            except FormatError as exc:
                problems.append(exc)
                continue
            problems.extend(fit_to_template(doc, rules, free))
    return docs, problems, collected


async def _rules(template_code: str | None, doc: GraphDoc) -> tuple[Template, TemplateRules]:
    code = template_code or doc.template or "teaching"
    template = await Template.get_or_none(code=code)
    if template is None:
        raise FormatError("graphdoc.unknown_template", template=code)
    return template, await TemplateRules.stored(template)


async def import_document(user: User, doc: GraphDoc, project_id: int | None, template_code: str | None = None,
                          name: str | None = None) -> Graph:
    """A new graph from a read document, all or nothing."""
    from toolkit.graphs.crud import _project_for_create

    project = await _project_for_create(user, project_id)
    _template, rules = await _rules(template_code, doc)
    await _project_for_create(user, project_id, _template.id)  # the project's template control
    problems = fit_to_template(doc, rules)
    if problems:
        raise problems[0]
    graph = await store_document(doc, project, user, name=name)
    await audit.record("graph.import", user.id, "graph", graph.id, nodes=graph.node_count)
    return graph


async def import_documents(user: User, docs: list[GraphDoc], collected: ImportReport, project_id: int | None,
                           template_code: str | None = None, name: str | None = None) -> list[Graph]:
    """New graphs from the documents one file gave, with the report filled in: every document is
    checked before any is stored, so a refused file stores nothing."""
    from toolkit.graphs.crud import _project_for_create

    project = await _project_for_create(user, project_id)
    free = collected.format in FREE_ATTRIBUTES or collected.free_attributes
    fitted = []
    with report.collecting(collected.source, into=collected):
        for doc in docs:
            _template, rules = await _rules(template_code, doc)
            await _project_for_create(user, project_id, _template.id)  # the project's template control
            problems = fit_to_template(doc, rules, free)
            if problems:
                raise problems[0]
            fitted.append(doc)
    graphs = []
    async with in_transaction():
        for doc in fitted:
            graph = await store_document(doc, project, user, name=name if len(fitted) == 1 else None)
            await audit.record("graph.import", user.id, "graph", graph.id, nodes=graph.node_count)
            graphs.append(graph)
    collected.nodes_created = sum(graph.node_count for graph in graphs)
    collected.graphs = [{"graphId": graph.id, "name": graph.name, "nodes": graph.node_count} for graph in graphs]
    return graphs


async def merge_document(user: User, graph_id: int, doc: GraphDoc, apply: bool, collected: ImportReport | None = None,
                         lang: str | None = None) -> dict:
    """An edited export back into its graph: the diff (each change with its path) first; applied only
    when asked, after saving the graph as a version. The file's nodes without a known id take the id
    of the graph's node at the same path (same name under the same parent), so applying the same file
    again changes nothing. `report` is the import report of the file read (with the merge's notices);
    the backup version is named in `lang`."""
    from toolkit import messages
    from toolkit.graphs.diff import adopt_ids
    from toolkit.graphs.versions import _save

    access = await open_graph(user, graph_id, edit=apply)
    rules = await TemplateRules.stored(access.graph.template)
    collected = collected or ImportReport("")
    current = await to_document(access.graph)
    adopt_ids(current, doc)
    with report.collecting(collected.source, into=collected):
        problems = fit_to_template(doc, rules, collected.format in FREE_ATTRIBUTES or collected.free_attributes)
    doc.name = doc.name or current.name
    changes = compare(current, doc)
    diff = changes.as_dict()
    result = {"diff": diff, "problems": [p.message() for p in problems], "applied": None, "backupVersion": None,
              "report": collected}
    if apply:
        if problems:
            raise problems[0]
        if changes.is_empty():
            result["applied"] = {"kept": doc.node_count(), "created": 0, "deleted": 0}
            return result
        async with in_transaction():
            backup = await _save(access.graph, user, messages.text("version.before_merge", lang, source=collected.source or "?"), "")
            result["applied"] = await apply_document(access.graph, doc)
            result["backupVersion"] = backup.number
            await audit.record("graph.merge_file", user.id, "graph", graph_id, backup=backup.number, **diff["counts"])
        collected.nodes_created = result["applied"]["created"]
    return result


async def export_graph(user: User, graph_id: int, fmt: str, lang: str = "zh-CN") -> tuple[bytes, str]:
    """The graph as a file of `fmt`, its types, relations and attributes named in `lang`."""
    from toolkit.templates import export_labels

    if fmt not in formats.WRITERS:
        raise FormatError("format.unknown", where=str(graph_id), name=fmt)
    access = await open_graph(user, graph_id)
    doc = await to_document(access.graph)
    textrules.drop_forbidden(doc)
    extension = {"md": "md"}.get(fmt, fmt)
    labels = await export_labels(access.graph.template, lang)
    return dump(doc, fmt, labels), f"{access.graph.name}.{extension}"


async def project_exists(project_id: int) -> None:
    if not await Project.exists(id=project_id):
        raise NotFound(what="what.project")
