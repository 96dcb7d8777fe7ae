"""Excel outlines as teachers make them.

Read: a tree by level columns (一级/二级…, 1级, Level 1, L1) where blank or merged cells mean
"same as above", or by an id column plus a parent column; a node id column, a type column,
description, definition and tag columns, and any other column as an attribute (header
"名称 (code)" keeps the attribute code). A sheet named 关系/Relations holds relations
(start id, end id, type). Every problem names the sheet, row and column.
Write: the same layout, which reads back to the same tree. What a teacher reads is named in the
export's language (types, relations, attribute headings); the codes a re-import needs stay in
hidden columns (node ids) and a hidden sheet (CODES_SHEET: the code behind each name shown).
"""
from __future__ import annotations

import io
import json
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import openpyxl
from openpyxl.utils import get_column_letter, range_boundaries

from toolkit.cells import xlsx_row
from toolkit.errors import FormatError
from toolkit.formats.labels import CN_DIGITS, Labels
from toolkit.formats.limits import open_zip
from toolkit.graphdoc import DocNode, DocRelation, GraphDoc

LEVEL = re.compile(r"^(?:第?([一二三四五六七八九十]|\d{1,2})\s*级(?:目录|标题|节点|知识点)?|level\s*(\d{1,2})|l(\d{1,2}))$", re.I)
ALIASES = {
    "id": {"节点id", "节点编号", "编号", "id", "nodeid", "node id"},
    "parent": {"父节点id", "父节点", "父节点编号", "上级id", "上级节点", "parentid", "parent id", "parent"},
    "name": {"名称", "节点名称", "知识点名称", "name"},
    "type": {"类型", "节点类型", "实体类型", "type"},
    "desc": {"描述", "说明", "节点描述", "description", "desc"},
    "define": {"定义", "definition", "define"},
    "tags": {"标签", "tags"},
    "core": {"核心", "核心节点", "core"},
}
# What a core cell holds for a core node (WORDS "yes" in either language, or a mark).
CORE_MARKS = {"是", "核心", "yes", "y", "true", "1", "✓", "√", "x"}
RELATION_SHEETS = {"关系", "relations", "relation"}
RELATION_COLUMNS = {"start": {"起点id", "起点", "开始节点id", "start", "start id"}, "target": {"终点id", "终点", "结束节点id", "target", "end", "end id"},
                    "type": {"关系类型", "类型", "type", "关系", "relation"}}
# Node names beside the ids: a relation a user typed with names only finds its nodes by them.
RELATION_NAMES = {"start": {"起点名称", "start node", "start name"}, "target": {"终点名称", "end node", "end name"}}
ATTRIBUTE_CODE = re.compile(r"^(.*?)\s*[（(]\s*([A-Za-z][\w]*)\s*[)）]\s*$")
# A hidden sheet of (kind, name shown, code) rows: the codes behind the names an export shows.
CODES_SHEET = "_zhitu"
CODE_KINDS = ("type", "relation", "attribute", "relationAttribute")


def attribute_key(header: str) -> str:
    """The attribute an attribute column holds: the code of a "名称 (code)" heading, else the heading."""
    match = ATTRIBUTE_CODE.match(header)
    return match.group(2) if match else header


def _key(text) -> str:
    return re.sub(r"\s+", " ", str(text or "").strip()).lower()


def _level_of(header: str) -> int | None:
    match = LEVEL.match(header.strip())
    if not match:
        return None
    raw = next(g for g in match.groups() if g)
    return CN_DIGITS.index(raw) + 1 if raw in CN_DIGITS else int(raw)


def _merges(data: bytes, sheet_path: str) -> list[tuple[int, int, int, int]]:
    """Merged ranges of one sheet, read from its XML (read-only workbooks do not expose them)."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        try:
            xml = archive.read(sheet_path)
        except KeyError:
            return []
    return [range_boundaries(ref) for ref in re.findall(rb'<mergeCell ref="([A-Z]+\d+:[A-Z]+\d+)"', xml) and
            [r.decode() for r in re.findall(rb'<mergeCell ref="([A-Z]+\d+:[A-Z]+\d+)"', xml)]]


def _cell_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


class _Sheet:
    def __init__(self, title: str, rows: list[list], where: str) -> None:
        self.title, self.rows, self.where = title, rows, where

    def at(self, row: int, column: int) -> str:
        return f"{self.where}: sheet {self.title}, row {row}, column {get_column_letter(column)}"


def _load(data: bytes, where: str) -> list[_Sheet]:
    open_zip(data, where)
    try:
        workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a broken workbook
        raise FormatError("format.unreadable", where=where, detail=type(exc).__name__) from exc
    sheets = []
    for worksheet in workbook.worksheets:
        rows = [list(row) for row in worksheet.iter_rows(values_only=True)]
        width = max((len(r) for r in rows), default=0)
        rows = [r + [None] * (width - len(r)) for r in rows]
        for min_col, min_row, max_col, max_row in _merges(data, worksheet._worksheet_path):
            value = rows[min_row - 1][min_col - 1] if min_row - 1 < len(rows) and min_col - 1 < width else None
            for r in range(min_row - 1, min(max_row, len(rows))):
                for c in range(min_col - 1, min(max_col, width)):
                    rows[r][c] = value
        sheets.append(_Sheet(worksheet.title, rows, where))
    workbook.close()
    return sheets


def _header(sheet: _Sheet) -> tuple[int, dict] | None:
    """The first of the top ten rows that names a tree: level columns, or name (+ parent) columns."""
    for index, row in enumerate(sheet.rows[:10]):
        columns: dict = {"levels": {}, "attributes": {}}
        for column, value in enumerate(row):
            header = _cell_text(value)
            if not header:
                continue
            level = _level_of(header)
            if level is not None:
                columns["levels"][level] = column
                continue
            for role, names in ALIASES.items():
                if _key(header) in names:
                    columns.setdefault(role, column)
                    break
            else:
                columns["attributes"][attribute_key(header)] = column
        if columns["levels"] or "name" in columns:
            return index, columns
    return None


def _row_extras(sheet: _Sheet, row: list, number: int, columns: dict) -> dict:
    def text(role: str) -> str:
        return _cell_text(row[columns[role]]) if role in columns else ""

    attributes = {}
    for code, column in columns["attributes"].items():
        value = row[column]
        if value not in (None, ""):
            attributes[code] = value.strftime("%Y-%m-%d %H:%M") if hasattr(value, "strftime") else value
    tags = [t for t in re.split(r"[,，;；、\s]+", text("tags")) if t]
    return {"id": text("id") or None, "type": text("type"), "desc": text("desc"), "define": text("define"),
            "attributes": attributes, "tags": tags, "is_core": _key(text("core")) in CORE_MARKS}


def _by_parent(sheet: _Sheet, start: int, columns: dict) -> GraphDoc:
    if "id" not in columns:
        raise FormatError("format.missing_column", where=f"{sheet.where}: sheet {sheet.title}, row {start + 1}", column="节点ID")
    nodes: dict[str, DocNode] = {}
    parents: dict[str, tuple[str, int]] = {}
    order: list[str] = []
    for offset, row in enumerate(sheet.rows[start + 1:], start + 2):
        if not any(_cell_text(v) for v in row):
            continue
        extras = _row_extras(sheet, row, offset, columns)
        name = _cell_text(row[columns["name"]])
        if not extras["id"]:
            raise FormatError("format.missing_column", where=sheet.at(offset, columns["id"] + 1), column="节点ID")
        if not name:
            raise FormatError("format.empty_name", where=sheet.at(offset, columns["name"] + 1))
        if extras["id"] in nodes:
            raise FormatError("graphdoc.duplicate_id", where=sheet.at(offset, columns["id"] + 1), id=extras["id"])
        nodes[extras["id"]] = DocNode(extras["id"], name, extras["type"], desc=extras["desc"], define=extras["define"],
                                      attributes=extras["attributes"], tags=extras["tags"], is_core=extras["is_core"])
        parent = _cell_text(row[columns["parent"]]) if "parent" in columns else ""
        parents[extras["id"]] = (parent, offset)
        order.append(extras["id"])
    roots = [i for i in order if not parents[i][0]]
    if len(roots) != 1:
        where = sheet.at(parents[roots[1]][1], columns.get("parent", 0) + 1) if len(roots) > 1 else f"{sheet.where}: sheet {sheet.title}"
        raise FormatError("format.several_roots", where=where)
    for node_id in order:
        parent, offset = parents[node_id]
        if parent:
            if parent not in nodes:
                raise FormatError("format.unknown_parent", where=sheet.at(offset, columns["parent"] + 1), id=parent)
            nodes[parent].children.append(nodes[node_id])
    reachable, stack = set(), [roots[0]]
    while stack:
        current = stack.pop()
        reachable.add(current)
        stack.extend(c.id for c in nodes[current].children)
    if len(reachable) != len(nodes):
        stray = next(i for i in order if i not in reachable)
        raise FormatError("format.parent_cycle", where=sheet.at(parents[stray][1], columns["parent"] + 1))
    return GraphDoc(name=nodes[roots[0]].name, template="", root=nodes[roots[0]])


@dataclass
class RelationRow:
    """A row of the relation sheet: node ids, or only node names when a user typed it."""

    relation: DocRelation
    start_name: str
    target_name: str
    where: str


def _relations(sheet: _Sheet) -> list[RelationRow]:
    if not sheet.rows:
        return []
    header = [_key(v) for v in sheet.rows[0]]
    positions, names = {}, {}
    for role, aliases in RELATION_NAMES.items():
        found = [i for i, h in enumerate(header) if h in aliases]
        if found:
            names[role] = found[0]
    for role, aliases in RELATION_COLUMNS.items():
        found = [i for i, h in enumerate(header) if h in aliases]
        if not found and role not in names:
            raise FormatError("format.missing_column", where=f"{sheet.where}: sheet {sheet.title}, row 1", column=role)
        if found:
            positions[role] = found[0]
    taken = {*positions.values(), *names.values()}
    attributes = {attribute_key(_cell_text(v)): i for i, v in enumerate(sheet.rows[0]) if i not in taken and _cell_text(v)}
    rows = []
    for number, row in enumerate(sheet.rows[1:], 2):
        values = {role: _cell_text(row[i]) for role, i in positions.items()}
        named = {role: _cell_text(row[i]) for role, i in names.items()}
        if any(values.values()) or any(named.values()):
            relation = DocRelation(values.get("start", ""), values.get("target", ""), values.get("type", ""),
                                   attributes={key: row[i] for key, i in attributes.items() if row[i] not in (None, "")})
            rows.append(RelationRow(relation, named.get("start", ""), named.get("target", ""), sheet.at(number, 1)))
    return rows


def resolve_relations(rows: list[RelationRow], docs: list[GraphDoc]) -> list[DocRelation]:
    """The relations with node ids: a row without an id names its node, which must be the only one of that name."""
    by_name: dict[str, list[str]] = {}
    for doc in docs:
        for node, _parent, _level in doc.walk():
            by_name.setdefault(node.name, []).append(node.id)
    relations = []
    for row in rows:
        for end in ("start", "target"):
            if getattr(row.relation, end):
                continue
            name = row.start_name if end == "start" else row.target_name
            found = by_name.get(name, [])
            if len(found) != 1:
                raise FormatError("graphdoc.dangling_relation", where=row.where, id=name or "?")
            setattr(row.relation, end, found[0])
        relations.append(row.relation)
    return relations


@dataclass
class Codes:
    """What the hidden sheet of an export says: its template and the code behind each name shown."""

    template: str = ""
    kinds: dict[str, dict[str, str]] = field(default_factory=lambda: {kind: {} for kind in CODE_KINDS})
    # attribute code -> how its cells hold a list ("list": joined by ", ", "json": as JSON)
    shapes: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, sheet: _Sheet) -> "Codes":
        codes = cls()
        for row in sheet.rows[1:]:
            kind, shown, code, shape = (_cell_text(v) for v in (row + [None] * 4)[:4])
            if kind == "template":
                codes.template = code or shown
            elif kind in codes.kinds and shown and code:
                # Attribute headings are looked up as the header reader keys them.
                codes.kinds[kind].setdefault(attribute_key(shown) if "attribute" in kind.lower() else shown, code)
                if shape:
                    codes.shapes[code] = shape
        return codes

    def _value(self, code: str, value):
        if not isinstance(value, str):
            return value
        if self.shapes.get(code) == "list":
            return [part.strip() for part in value.split(",") if part.strip()]
        if self.shapes.get(code) == "json":
            try:
                return json.loads(value)
            except ValueError:
                return value
        return value

    def _attributes(self, kind: str, attributes: dict) -> dict:
        codes = self.kinds[kind]
        return {codes.get(key, key): self._value(codes.get(key, key), value) for key, value in attributes.items()}

    def apply(self, doc: GraphDoc) -> None:
        """Names shown back to codes; what a user typed that the sheet does not know stays as typed
        (the template's names in either language match it on import: toolkit.imports.fit_to_template)."""
        if self.template and not doc.template:
            doc.template = self.template
        for node, _parent, _level in doc.walk():
            node.type = self.kinds["type"].get(node.type, node.type)
            node.attributes = self._attributes("attribute", node.attributes)
        for relation in doc.relations:
            relation.type = self.kinds["relation"].get(relation.type, relation.type)
            relation.attributes = self._attributes("relationAttribute", relation.attributes)


def read_all(path: str | Path, data: bytes | None = None, sheet: str | None = None, levels: list[str] | None = None,
             name_col: str | None = None, each_sheet: bool = False) -> list[GraphDoc]:
    """Reading infers the hierarchy from the header (toolkit.formats.xlsx_outline)."""
    from toolkit.formats.xlsx_outline import read_all as read_outline

    return read_outline(path, data, sheet=sheet, levels=levels, name_col=name_col, each_sheet=each_sheet)


def read(path: str | Path, data: bytes | None = None) -> GraphDoc:
    return read_all(path, data)[0]


def _shape(values: list) -> str:
    """How a column's cells hold its values: "json" for records, "list" for plain lists, "" for single values."""
    if any(isinstance(v, dict) or (isinstance(v, list) and any(isinstance(x, (dict, list)) for x in v)) for v in values):
        return "json"
    return "list" if any(isinstance(v, list) for v in values) else ""


def _cell_value(value, shape: str):
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False) if shape == "json" else ", ".join(map(str, value))
    return value


def _is_role_header(header: str) -> bool:
    key = _key(header)
    return _level_of(header) is not None or any(key in names for names in ALIASES.values())


def _headings(codes: list[str], heading_of, reserved: set[str]) -> list[str]:
    """Column headings for attribute codes: the names shown; one the reader would take for another
    column, or read as the same attribute as an earlier one, gets its code added. (A heading read as
    "名称 (code)" finds its code through the codes sheet, which keys headings the same way.)"""
    headings: list[str] = []
    for code in codes:
        heading = heading_of(code)
        if attribute_key(heading) in {attribute_key(h) for h in headings} or _key(heading) in reserved:
            heading = f"{heading} ({code})"
        headings.append(heading)
    return headings


def _sheet_title(name: str) -> str:
    """A sheet title Excel accepts for the graph's name, never one the reader takes for another sheet."""
    title = re.sub(r"[\\/*?:\[\]]", "_", name).strip("'")[:31].strip() or "graph"
    return f"{title[:29]}_1" if _key(title) in RELATION_SHEETS or title == CODES_SHEET else title


def dumps(doc: GraphDoc, labels: Labels | None = None) -> bytes:
    labels = labels or Labels.builtin(template=doc.template)
    walked = list(doc.walk())
    depth = max(level for _n, _p, level in walked) + 1
    codes = sorted({code for node, _p, _l in walked for code in node.attributes})
    shapes = {code: _shape([node.attributes[code] for node, _p, _l in walked if code in node.attributes]) for code in codes}
    reserved = {name for names in ALIASES.values() for name in names}
    headings = _headings(codes, lambda code: labels.attribute(code, {n.type for n, _p, _l in walked if code in n.attributes}),
                         reserved | {_key(labels.level(i)) for i in range(depth)})
    workbook = openpyxl.Workbook(write_only=True)
    sheet = workbook.create_sheet(_sheet_title(doc.name))
    sheet.column_dimensions["A"].hidden = True  # node ids: for merging an edited export back
    headers = [labels.word("id"), *(labels.level(i) for i in range(depth)), labels.word("type"), labels.word("desc"),
               labels.word("define"), labels.word("tags"), labels.word("core"), *headings]
    sheet.append(xlsx_row(sheet, headers))
    for node, _parent, level in walked:
        levels = [None] * depth
        levels[level] = node.name
        values = [_cell_value(node.attributes.get(code), shapes[code]) for code in codes]
        core = labels.word("yes") if node.is_core else None
        sheet.append(xlsx_row(sheet, [node.id, *levels, labels.entity(node.type), node.desc, node.define, ", ".join(node.tags), core,
                                      *values]))
    relation_codes = sorted({code for relation in doc.relations for code in relation.attributes})
    relation_shapes = {code: _shape([r.attributes[code] for r in doc.relations if code in r.attributes]) for code in relation_codes}
    relation_headings = _headings(relation_codes, lambda code: labels.relation_attribute(
        code, {r.type for r in doc.relations if code in r.attributes}), {n for names in (*RELATION_COLUMNS.values(),
                                                                                         *RELATION_NAMES.values()) for n in names})
    if doc.relations:
        names = {node.id: node.name for node, _p, _l in walked}
        relation_sheet = workbook.create_sheet(labels.word("relations"))
        for column in ("D", "E"):
            relation_sheet.column_dimensions[column].hidden = True  # node ids
        relation_sheet.append(xlsx_row(relation_sheet, [labels.word("start"), labels.word("relation"), labels.word("target"),
                                                        labels.word("start_id"), labels.word("target_id"), *relation_headings]))
        for relation in doc.relations:
            values = [_cell_value(relation.attributes.get(code), relation_shapes[code]) for code in relation_codes]
            relation_sheet.append(xlsx_row(relation_sheet, [names.get(relation.start, ""), labels.relation(relation.type),
                                                            names.get(relation.target, ""), relation.start, relation.target, *values]))
    hidden = workbook.create_sheet(CODES_SHEET)
    hidden.sheet_state = "hidden"
    hidden.append(["kind", "name", "code", "shape"])
    hidden.append(["template", doc.template, doc.template])
    for code in sorted({node.type for node, _p, _l in walked if node.type}):
        hidden.append(xlsx_row(hidden, ["type", labels.entity(code), code]))
    for code in sorted({relation.type for relation in doc.relations if relation.type}):
        hidden.append(xlsx_row(hidden, ["relation", labels.relation(code), code]))
    for code, heading in zip(codes, headings):
        hidden.append(xlsx_row(hidden, ["attribute", heading, code, shapes[code]]))
    for code, heading in zip(relation_codes, relation_headings):
        hidden.append(xlsx_row(hidden, ["relationAttribute", heading, code, relation_shapes[code]]))
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def write(doc: GraphDoc, path: str | Path) -> None:
    Path(path).write_bytes(dumps(doc))
