"""Excel outlines as teachers write them: the hierarchy inferred from the header and shown before
importing (`zhitu validate --explain`), or named by the user (`levels`, `name_col`).

Headers that name levels: 一级…N级 / Level N / L1 (numbered), or words that name the parts of a
course in order, left to right: 章/节/知识点, 领域/分层/知识点, 模块/单元/知识点, 类别 + its items
(名称, 内容, 知识点…). Blank cells and merged cells mean "the same as above"; a row that only repeats
the row above (a blank line inside a merged cell) adds nothing. Several top-level rows get a root
named after the sheet (or the file, for several sheets). Parallel outline sheets become branches
of one graph (`sheet` picks one instead); sheets that are not outlines are skipped with a notice,
and a workbook with no outline sheet is refused with the reason, never turned into a wrong graph.
"""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from openpyxl.utils import column_index_from_string

from toolkit.errors import FormatError
from toolkit.formats import report
from toolkit.formats.outline import OutlineItem, build
from toolkit.formats.xlsx import (ALIASES, CODES_SHEET, RELATION_SHEETS, Codes, RelationRow, _by_parent,
                                  _cell_text, _key, _level_of, _load, _relations, _row_extras, _Sheet, attribute_key, resolve_relations)
from toolkit.graphdoc import DocNode, GraphDoc
from toolkit.formats.limits import read_bytes

# Words that name a level of a course outline; their order in the header gives the levels.
LEVEL_WORDS = {
    "领域", "分层", "层次", "层级", "模块", "单元", "篇", "章", "章节", "节", "小节", "课", "课时", "讲", "主题", "子主题", "专题",
    "知识单元", "知识模块", "知识领域", "知识点", "子知识点", "知识点名称", "知识单元名称", "能力", "能力点", "技能点",
    "项目", "任务", "类别", "分类", "类目", "大类", "小类", "一级分类", "二级分类", "实验项目",
}
# A category column (one of these) followed by a name column: the category and its items.
CATEGORY_WORDS = {"类别", "分类", "类目", "大类", "模块", "单元", "章", "章节", "领域", "主题", "项目"}
ITEM_WORDS = {"名称", "内容", "条目", "知识点", "知识点名称", "节点名称", "name", "item"}
NUMBERS_ONLY = re.compile(r"^[-+]?\d+(?:\.\d+)?%?$")
MAX_HEADER_ROWS = 10


def _word(header: str) -> str:
    return re.sub(r"\s+", "", header).lower()


def _columns_for(row: list, levels: list[int]) -> dict:
    """Roles of the other columns of a header row whose level columns are known."""
    columns: dict = {"levels": {index + 1: column for index, column in enumerate(levels)}, "attributes": {}}
    for column, value in enumerate(row):
        header = _cell_text(value)
        if not header or column in levels:
            continue
        for role, names in ALIASES.items():
            if role != "name" and _key(header) in names:
                columns.setdefault(role, column)
                break
        else:
            columns["attributes"][attribute_key(header)] = column
    return columns


def infer_header(sheet: _Sheet) -> tuple[int, dict, str] | None:
    """(header row index, column roles, how it was recognised) or None when the sheet names no tree."""
    for index, row in enumerate(sheet.rows[:MAX_HEADER_ROWS]):
        headers = [_cell_text(v) for v in row]
        numbered = {level: column for column, h in enumerate(headers) if h and (level := _level_of(h)) is not None}
        if numbered:
            ordered = [numbered[level] for level in sorted(numbered)]
            return index, _columns_for(row, ordered), "numbered"
        words = [column for column, h in enumerate(headers) if _word(h) in LEVEL_WORDS]
        if len(words) >= 2:
            return index, _columns_for(row, words), "words"
        categories = [column for column, h in enumerate(headers) if _word(h) in CATEGORY_WORDS]
        items = [column for column, h in enumerate(headers) if _word(h) in ITEM_WORDS or _key(h) in ALIASES["name"]]
        if categories and items and items[0] > categories[0]:
            return index, _columns_for(row, [categories[0], items[0]]), "category"
        roles = {role for h in headers if h for role, names in ALIASES.items() if _key(h) in names}
        if "name" in roles and ("parent" in roles or "id" in roles):
            from toolkit.formats.xlsx import _header

            found = _header(_Sheet(sheet.title, [row], sheet.where))
            if found is not None:
                return index, found[1], "parent"
    return None


def _column_of(header_row: list, wanted: str, sheet: _Sheet, row_number: int) -> int:
    """A column named by its header text or its letter (A, B, …)."""
    headers = [_cell_text(v) for v in header_row]
    if wanted in headers:
        return headers.index(wanted)
    if re.fullmatch(r"[A-Za-z]{1,3}", wanted):
        return column_index_from_string(wanted.upper()) - 1
    raise FormatError("format.bad_levels", where=f"{sheet.where}: sheet {sheet.title}, row {row_number}", column=wanted)


def named_header(sheet: _Sheet, levels: list[str] | None, name_col: str | None) -> tuple[int, dict, str]:
    """The header the user named: the first of the top rows holding the named columns (row 1 for letters)."""
    wanted = [*(levels or []), *([name_col] if name_col else [])]
    index = next((i for i, row in enumerate(sheet.rows[:MAX_HEADER_ROWS])
                  if all(w in [_cell_text(v) for v in row] for w in wanted if not re.fullmatch(r"[A-Za-z]{1,3}", w))), 0)
    row = sheet.rows[index] if sheet.rows else []
    columns = [_column_of(row, w, sheet, index + 1) for w in (levels or [])]
    if name_col:
        columns.append(_column_of(row, name_col, sheet, index + 1))
    return index, _columns_for(row, list(dict.fromkeys(columns))), "named"


def _why_not(sheet: _Sheet) -> str:
    """The reason a person would give for a sheet that names no tree."""
    values = [_cell_text(v) for row in sheet.rows for v in row if _cell_text(v)]
    if values and sum(bool(NUMBERS_ONLY.match(v)) for v in values) / len(values) > 0.5:
        return "format.reason.numbers"
    headers = [_cell_text(v) for row in sheet.rows[:MAX_HEADER_ROWS] for v in row]
    if any(_key(h) in ALIASES["name"] or h.endswith("名称") for h in headers):
        return "format.reason.flat_list"
    return "format.reason.no_tree_columns"


def by_levels(sheet: _Sheet, start: int, columns: dict) -> list[OutlineItem]:
    levels = columns["levels"]
    ordered = sorted(levels)
    items: list[OutlineItem] = []
    path: list[str] = []
    for offset, row in enumerate(sheet.rows[start + 1:], start + 2):
        cells = [_cell_text(row[levels[level]]) if levels[level] < len(row) else "" for level in ordered]
        if not any(cells):
            if any(_cell_text(v) for v in row):
                report.warn("import.row_without_name", sheet.at(offset, levels[ordered[0]] + 1))
            continue
        deepest = max(i for i, value in enumerate(cells) if value)
        # Blank cells before the deepest one mean "the same as the row above".
        row_path = [cells[i] or (path[i] if i < len(path) else "") for i in range(deepest + 1)]
        if any(not name for name in row_path):
            first_gap = next(i for i, name in enumerate(row_path) if not name)
            raise FormatError("format.level_jump", where=sheet.at(offset, levels[ordered[first_gap]] + 1), level=first_gap + 1)
        level_columns = set(levels.values())
        if row_path == path[:len(row_path)] and not any(_cell_text(v) for c, v in enumerate(row) if c not in level_columns):
            continue  # only repeats the row above (a blank line inside a merged cell)
        same = 0
        while same < min(len(path), len(row_path)) and path[same] == row_path[same] and same < deepest:
            same += 1
        extras = _row_extras(sheet, row, offset, columns)
        for depth in range(same, deepest + 1):
            location = sheet.at(offset, levels[ordered[depth]] + 1)
            if depth == deepest:
                items.append(OutlineItem(depth, row_path[depth], location, **extras))
            else:
                items.append(OutlineItem(depth, row_path[depth], location))
        path = row_path
    return items


def _sheet_doc(sheet: _Sheet, start: int, columns: dict, how: str, where: str, root_name: str) -> GraphDoc:
    report.notice("import.xlsx_mapping", f"{where}: sheet {sheet.title}", row=start + 1, how=how,
                  levels=" / ".join(_cell_text(sheet.rows[start][c]) or "?" for _l, c in sorted(columns["levels"].items())) or "—",
                  attributes="、".join(columns["attributes"]) or "—")
    if how in ("words", "category", "named"):
        report.current().free_attributes = True  # a teacher's own columns, not Zhitu's layout
    if not columns["levels"]:
        return _by_parent(sheet, start, columns)
    items = by_levels(sheet, start, columns)
    if not items:
        raise FormatError("format.no_nodes", where=f"{where}: sheet {sheet.title}")
    tops = [item for item in items if item.level == 0]
    if len(tops) > 1:
        report.notice("import.root_added", f"{where}: sheet {sheet.title}", name=root_name)
        items = [OutlineItem(0, root_name, f"{where}: sheet {sheet.title}"),
                 *(replace(i, level=i.level + 1) for i in items)]
    return build(items, where, name=root_name)


def read_all(path: str | Path, data: bytes | None = None, sheet: str | None = None, levels: list[str] | None = None,
             name_col: str | None = None, each_sheet: bool = False) -> list[GraphDoc]:
    """One graph whose branches are the outline sheets, or with `each_sheet` one graph per sheet."""
    where = Path(path).name
    sheets = _load(read_bytes(path, data), where)
    if sheet is not None:
        chosen = [s for number, s in enumerate(sheets, 1) if s.title == sheet or str(number) == str(sheet)]
        if not chosen:
            raise FormatError("format.no_sheet", where=where, sheet=sheet, sheets="、".join(s.title for s in sheets))
        relation_sheets = [s for s in sheets if _key(s.title) in RELATION_SHEETS or s.title == CODES_SHEET]
        sheets = chosen + [s for s in relation_sheets if s not in chosen]
    relation_rows: list[RelationRow] = []
    codes = Codes()
    parts: list[tuple[_Sheet, tuple[int, dict, str]]] = []
    refused: list[tuple[_Sheet, str]] = []
    for found in sheets:
        if found.title == CODES_SHEET:
            codes = Codes.of(found)
            continue
        if _key(found.title) in RELATION_SHEETS:
            relation_rows.extend(_relations(found))
            continue
        if not any(_cell_text(v) for row in found.rows for v in row):
            report.notice("import.empty_sheet", where, sheet=found.title)
            continue
        header = named_header(found, levels, name_col) if (levels or name_col) else infer_header(found)
        if header is None:
            refused.append((found, _why_not(found)))
            continue
        parts.append((found, header))
    if not parts:
        first, reason = refused[0] if refused else (None, "format.reason.no_tree_columns")
        raise FormatError("format.not_outline", where=f"{where}: sheet {first.title}" if first else where, reason=reason)
    for found, reason in refused:
        report.notice("format.not_outline", f"{where}: sheet {found.title}", reason=reason)
    several = len(parts) > 1
    docs = [_sheet_doc(found, start, columns, how, where, found.title)
            for found, (start, columns, how) in parts]
    if several and each_sheet:
        # Each outline sheet its own graph; relations (by node id) go to the graph holding both ends.
        relations = resolve_relations(relation_rows, docs)
        for doc in docs:
            ids = {node.id for node, _p, _l in doc.walk()}
            doc.relations = [r for r in relations if r.start in ids and r.target in ids]
            codes.apply(doc)
        return docs
    if not several:
        doc = docs[0]
    else:
        # Parallel sheets are branches of one graph named after the file (--sheet picks one, --each-sheet splits).
        doc = GraphDoc(name=Path(path).stem, template="", root=DocNode("_sheets", Path(path).stem, ""))
        for index, part in enumerate(docs):
            for node, _parent, _level in part.walk():
                if node.id.startswith("_"):
                    node.id = f"_s{index}{node.id}"
            branch = part.root
            if branch.name != part.name:
                # The sheet's name heads its branch (its single top row is under it).
                branch = DocNode(f"_s{index}_sheet", part.name, "", children=[part.root])
            doc.root.children.append(branch)
    doc.relations = resolve_relations(relation_rows, [doc])
    codes.apply(doc)
    return [doc]


def read(path: str | Path, data: bytes | None = None) -> GraphDoc:
    return read_all(path, data)[0]
