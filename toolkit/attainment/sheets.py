"""Reading the score sheet a grade system exports (xlsx or csv) into items and students.

Layout: a header row with a student-number column (学号), an optional name column (姓名) and one
column per assessment item. Rows labelled in the number or name column, before the students,
describe the items:
  满分 / full marks   each item's full marks (or give them separately, see `read_items`)
  课程目标 / objective the objectives an item assesses: "1", "课程目标2", "1,2" or "1:0.4;2:0.6"
                      (a number is the objective's place in the graph, or its name; ":w" a weight)
  权重 / weight       the item's weight in each of its objectives (default: its full marks);
                      the items of one objective all give a weight or none does
  类型 / kind         exam, assignment, lab, project... (free text)
Every problem raises one FormatError naming the file, sheet, row and column; nothing is kept.
Empty score cells are refused too: an absent student's 0 must be written as 0.
"""
from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass

from toolkit.attainment.calculation import Item, Student
from toolkit.errors import FormatError
from toolkit.formats.limits import open_zip, read_bytes
from toolkit.graphs.names import normalise_name

NUMBER_HEADERS = {"学号", "学生学号", "学生编号", "studentnumber", "studentno", "studentid", "number", "no"}
NAME_HEADERS = {"姓名", "学生姓名", "name", "studentname"}
ROW_LABELS = {
    "full": {"满分", "分值", "总分", "满分值", "fullmarks", "maxmarks", "max"},
    "objectives": {"课程目标", "对应课程目标", "支撑课程目标", "objective", "objectives", "courseobjective", "courseobjectives"},
    "weight": {"权重", "weight", "weights"},
    "kind": {"类型", "考核类型", "考核方式", "kind", "type"},
}
ITEM_FIELDS = {"name": {"考核项", "名称", "name", "item"}, "full": ROW_LABELS["full"] | {"fullmarks"},
               "objectives": ROW_LABELS["objectives"], "weight": ROW_LABELS["weight"], "kind": ROW_LABELS["kind"]}
# The columns that keep them (toolkit.model.attainment.StudentScore).
MAX_NUMBER, MAX_NAME = 50, 100
OBJECTIVE_NUMBER = re.compile(r"^(?:课程)?(?:分)?目标\s*(\d+)$|^(?:co|objective)\s*(\d+)$", re.I)
TOKEN = re.compile(r"^(.*?)\s*(?:[:：=*×]\s*([0-9.]+)\s*(%?))?$")


@dataclass
class Objective:
    """A course objective the sheet may name: by place (1-based) or by name."""
    id: int
    name: str
    number: int


@dataclass
class ScoreSheet:
    items: list[Item]
    students: list[Student]


class _Table:
    def __init__(self, rows: list[list], where: str, title: str | None) -> None:
        self.rows, self.where, self.title = rows, where, title

    def at(self, row: int, column: int | None = None) -> str:
        place = f"{self.where}: sheet {self.title}, row {row}" if self.title else f"{self.where}: row {row}"
        if column is None:
            return place
        from openpyxl.utils import get_column_letter  # here: openpyxl is slow to load for every server worker

        return f"{place}, column {get_column_letter(column + 1)}"


def _key(value) -> str:
    return re.sub(r"[\s_\-()（）:：.]", "", _text(value)).lower()


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def _tables(file_name: str, data: bytes) -> list[_Table]:
    where = file_name.rsplit("/", 1)[-1]
    data = read_bytes(file_name, data)
    suffix = where.rsplit(".", 1)[-1].lower() if "." in where else ""
    if suffix == "csv":
        for encoding in ("utf-8-sig", "gb18030"):
            try:
                text = data.decode(encoding)
                break
            except UnicodeDecodeError:
                continue
        else:
            raise FormatError("format.unreadable", where=where, detail="encoding")
        try:
            rows = [list(r) for r in csv.reader(io.StringIO(text))]
        except csv.Error as exc:
            raise FormatError("format.unreadable", where=where, detail=str(exc)) from exc
        return [_Table(rows, where, None)]
    if suffix != "xlsx":
        raise FormatError("format.unknown", where=where, name=suffix or where)
    import openpyxl

    open_zip(data, where)
    try:
        workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a broken workbook
        raise FormatError("format.unreadable", where=where, detail=type(exc).__name__) from exc
    tables = [_Table([list(r) for r in sheet.iter_rows(values_only=True)], where, sheet.title) for sheet in workbook.worksheets]
    workbook.close()
    return tables


def _header(table: _Table) -> tuple[int, int, int | None] | None:
    """(row index, number column, name column) of the first of the top ten rows naming a number column."""
    for index, row in enumerate(table.rows[:10]):
        keys = [_key(v) for v in row]
        number = next((c for c, k in enumerate(keys) if k in NUMBER_HEADERS), None)
        if number is not None:
            name = next((c for c, k in enumerate(keys) if k in NAME_HEADERS), None)
            return index, number, name
    return None


def _number(value, where: str, key: str = "attainment.not_a_number") -> float | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        raise FormatError(key, where=where, value=value)
    if isinstance(value, (int, float)):
        number = float(value)
    else:
        try:
            number = float(str(value).strip())
        except ValueError as exc:
            raise FormatError(key, where=where, value=_text(value)) from exc
    if number != number or number in (float("inf"), float("-inf")):
        raise FormatError(key, where=where, value=_text(value))
    return number


def _weight(text: str, percent: str, where: str) -> float:
    try:
        value = float(text)
    except ValueError as exc:
        raise FormatError("attainment.bad_weight", where=where, value=text) from exc
    value = value / 100 if percent else value
    if not value > 0:
        raise FormatError("attainment.bad_weight", where=where, value=text)
    return value


def parse_objectives(cell, objectives: list[Objective], where: str) -> dict[int, float | None]:
    """Objective ids named in one cell, each with its own weight or None (the item's weight)."""
    by_number = {o.number: o.id for o in objectives}
    by_name = {normalise_name(o.name): o.id for o in objectives}
    found: dict[int, float | None] = {}
    for token in re.split(r"[,，;；、\n]+", _text(cell)):
        token = token.strip()
        if not token:
            continue
        match = TOKEN.match(token)
        target, weight, percent = match.group(1).strip(), match.group(2), match.group(3)
        objective_id = by_name.get(normalise_name(target))
        if objective_id is None:
            numbered = OBJECTIVE_NUMBER.match(target)
            digits = target if target.isdigit() else (numbered and (numbered.group(1) or numbered.group(2)))
            objective_id = by_number.get(int(digits)) if digits else None
        if objective_id is None:
            raise FormatError("attainment.unknown_objective", where=where, objective=target)
        found[objective_id] = _weight(weight, percent, where) if weight else None
    return found


def read_items(file_name: str, data: bytes, objectives: list[Objective]) -> list[Item]:
    """Items given apart from the scores: JSON [{"name", "fullMarks", "objectives", "weight", "kind"}]
    or a csv/xlsx with one row per item (考核项, 满分, 课程目标, 权重, 类型)."""
    where = file_name.rsplit("/", 1)[-1]
    if where.lower().endswith(".json"):
        try:
            rows = json.loads(read_bytes(file_name, data).decode("utf-8-sig"))
        except (UnicodeDecodeError, ValueError) as exc:
            raise FormatError("format.bad_json", where=where, detail=str(exc)) from exc
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise FormatError("format.bad_json", where=where, detail="[{name, fullMarks, objectives}]")
        return items_from_dicts(rows, objectives, where)
    table = _tables(file_name, data)[0]
    if not table.rows:
        raise FormatError("format.empty", where=where)
    columns: dict[str, int] = {}
    for column, value in enumerate(table.rows[0]):
        for field_name, names in ITEM_FIELDS.items():
            if _key(value) in names:
                columns.setdefault(field_name, column)
    for needed, label in (("name", "考核项"), ("full", "满分")):
        if needed not in columns:
            raise FormatError("format.missing_column", where=table.at(1), column=label)
    items, explicit, lines = [], {}, []
    for index, row in enumerate(table.rows[1:], start=2):
        row = list(row) + [None] * (len(table.rows[0]) - len(row))
        name = _text(row[columns["name"]])
        if not name:
            continue
        items.append(_item(name, {f: row[c] for f, c in columns.items()},
                           lambda f, index=index: table.at(index, columns.get(f, 0)), objectives, explicit))
        lines.append(index)
    _check_weights(items, explicit, objectives, lambda i: table.at(lines[i], columns.get("objectives", 0)))
    items = _unique(items, where)
    for item in items:
        item.explicit = explicit[item.name]
    return items


def items_from_dicts(rows: list[dict], objectives: list[Objective], where: str = "items") -> list[Item]:
    items, explicit = [], {}
    for index, row in enumerate(rows, start=1):
        name = _text(row.get("name"))
        if not name:
            raise FormatError("attainment.item_name", where=f"{where}: item {index}")
        cells = {"full": row.get("fullMarks"), "objectives": row.get("objectives"), "weight": row.get("weight"),
                 "kind": row.get("kind")}
        if isinstance(cells["objectives"], dict):
            cells["objectives"] = ",".join(f"{k}:{v}" for k, v in cells["objectives"].items())
        elif isinstance(cells["objectives"], list):
            cells["objectives"] = ",".join(str(v) for v in cells["objectives"])
        items.append(_item(name, cells, lambda f, index=index: f"{where}: item {index} ({f})", objectives, explicit))
    _check_weights(items, explicit, objectives, lambda i: f"{where}: item {i + 1} (objectives)")
    items = _unique(items, where)
    for item in items:
        item.explicit = explicit[item.name]
    return items


def _unique(items: list[Item], where: str) -> list[Item]:
    seen = set()
    for item in items:
        if item.name in seen:
            raise FormatError("attainment.duplicate_item", where=where, item=item.name)
        seen.add(item.name)
    return items


def _item(name: str, cells: dict, where, objectives: list[Objective], explicit: dict[str, set[int]],
          default_full: float | None = None) -> Item:
    full = _number(cells.get("full"), where("full"), "attainment.bad_full_marks")
    full = default_full if full is None else full
    if full is None:
        raise FormatError("attainment.no_full_marks", where=where("full"), item=name)
    if not full > 0:
        raise FormatError("attainment.bad_full_marks", where=where("full"), value=_text(cells.get("full")))
    weight = _number(cells.get("weight"), where("weight"), "attainment.bad_weight")
    if weight is not None and not weight > 0:
        raise FormatError("attainment.bad_weight", where=where("weight"), value=_text(cells.get("weight")))
    named = parse_objectives(cells.get("objectives"), objectives, where("objectives"))
    if not named and len(objectives) == 1:
        named = {objectives[0].id: None}
    if not named:
        raise FormatError("attainment.no_objectives", where=where("objectives"), item=name)
    default = weight if weight is not None else full
    item = Item(name, full, {k: (v if v is not None else default) for k, v in named.items()}, _text(cells.get("kind")))
    explicit[name] = {k for k, v in named.items() if v is not None or weight is not None}
    return item


def _check_weights(items: list[Item], explicit: dict[str, set[int]], objectives: list[Objective], where) -> None:
    """Weights of one objective are all given or all left to full marks: a mix has no common scale."""
    names = {o.id: o.name for o in objectives}
    for objective_id in {k for item in items for k in item.weights}:
        assessing = [(index, item) for index, item in enumerate(items) if objective_id in item.weights]
        given = [objective_id in explicit.get(item.name, set()) for _, item in assessing]
        if any(given) and not all(given):
            index = assessing[given.index(False)][0]
            raise FormatError("attainment.mixed_weights", where=where(index), objective=names.get(objective_id, objective_id))


def read_scores(file_name: str, data: bytes, objectives: list[Objective], given: list[Item] | None = None) -> ScoreSheet:
    """The sheet's items and students; `given` items supply what the sheet's label rows do not."""
    tables = _tables(file_name, data)
    found = next(((t, h) for t in tables if (h := _header(t)) is not None), None)
    if found is None:
        first = tables[0] if tables else _Table([], file_name, None)
        raise FormatError("format.missing_column", where=first.at(1), column="学号")
    table, (head, number_col, name_col) = found
    width = max((len(r) for r in table.rows), default=0)
    rows = [list(r) + [None] * (width - len(r)) for r in table.rows]
    item_cols = [c for c, v in enumerate(rows[head]) if c not in (number_col, name_col) and _text(v)]
    given_by_name = {item.name: item for item in given or []}
    for name in given_by_name:
        if name not in {_text(rows[head][c]) for c in item_cols}:
            raise FormatError("attainment.unknown_item", where=table.at(head + 1), item=name)
    if given:
        # Columns the given items do not name (a total, a grade) are not assessment items.
        item_cols = [c for c in item_cols if _text(rows[head][c]) in given_by_name]
    if not item_cols:
        raise FormatError("attainment.no_items", where=table.at(head + 1))
    names = [_text(rows[head][c]) for c in item_cols]
    for position, name in enumerate(names):
        if name in names[:position]:
            raise FormatError("attainment.duplicate_item", where=table.at(head + 1, item_cols[position]), item=name)

    labels: dict[str, int] = {}
    index = head + 1
    while index < len(rows):
        label = next((kind for kind, keys in ROW_LABELS.items()
                      for col in (number_col, name_col) if col is not None and _key(rows[index][col]) in keys), None)
        if label is None:
            break
        labels[label] = index
        index += 1

    items, explicit = [], {}
    for col, name in zip(item_cols, names):
        cells = {kind: rows[row][col] for kind, row in labels.items()}
        known = given_by_name.get(name)
        if known is not None and not _text(cells.get("objectives")) and not _text(cells.get("full")):
            items.append(known)
            explicit[name] = known.explicit
            continue
        items.append(_item(name, cells, lambda kind, col=col: table.at(labels.get(kind, head) + 1, col), objectives, explicit,
                           default_full=known.full_marks if known else None))
    _check_weights(items, explicit, objectives, lambda i: table.at(labels.get("objectives", head) + 1, item_cols[i]))

    students: list[Student] = []
    first_row: dict[str, int] = {}
    for row_index in range(index, len(rows)):
        row = rows[row_index]
        line = row_index + 1
        if not any(_text(v) for v in row):
            continue
        number = _text(row[number_col])
        if not number:
            raise FormatError("attainment.missing_student", where=table.at(line, number_col))
        if number in first_row:
            raise FormatError("attainment.duplicate_student", where=table.at(line, number_col), number=number,
                              first=first_row[number])
        first_row[number] = line
        name = _text(row[name_col]) if name_col is not None else ""
        for text, limit, column, field_name in ((number, MAX_NUMBER, number_col, "学号"), (name, MAX_NAME, name_col, "姓名")):
            if len(text) > limit:
                raise FormatError("text.too_long_at", where=table.at(line, column), field=field_name, max=limit, length=len(text))
        scores = []
        for col, item in zip(item_cols, items):
            where = table.at(line, col)
            score = _number(row[col], where)
            if score is None:
                raise FormatError("attainment.missing_score", where=where, item=item.name)
            if score < 0:
                raise FormatError("attainment.negative_score", where=where, score=_text(row[col]))
            if score > item.full_marks + 1e-9:
                raise FormatError("attainment.over_full_marks", where=where, score=_text(row[col]), full=_text(item.full_marks))
            scores.append(score)
        students.append(Student(number, name, scores))
    if not students:
        raise FormatError("attainment.no_students", where=table.at(index + 1))
    return ScoreSheet(items, students)
