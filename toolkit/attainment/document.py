"""The Word report in the usual layout of a 课程目标达成情况评价报告: course information, objectives,
assessment items and weights, the attainment table, objectives below the threshold with the
knowledge points supporting them, and the continuous-improvement section."""
from __future__ import annotations

import io

from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH

from toolkit import messages


def _number(value) -> str:
    return "" if value is None else f"{value:.2f}" if isinstance(value, float) else str(value)


def write_report(report: dict, lang: str | None = None) -> bytes:
    def t(key: str, **params) -> str:
        return messages.text(f"attainment.report.{key}", lang, **params)

    document = Document()
    title = document.add_heading(t("title", course=report["course"]["name"]), level=0)
    title.alignment = WD_ALIGN_PARAGRAPH.CENTER

    document.add_heading(t("info"), level=1)
    course = report["course"]
    rows = [(t("course"), course["name"]), (t("credits"), course.get("credits")), (t("hours"), course.get("hours")),
            (t("semester"), course.get("semester")), (t("course_type"), course.get("courseType")),
            (t("term"), report["term"]), (t("classes"), "、".join(c["className"] for c in report["classes"])),
            (t("students"), report["students"]), (t("threshold"), _number(float(report["threshold"])))]
    table = document.add_table(rows=0, cols=2)
    table.style = "Table Grid"
    for label, value in rows:
        cells = table.add_row().cells
        cells[0].text, cells[1].text = label, "" if value is None else str(value)

    document.add_heading(t("objectives"), level=1)
    for objective in report["objectives"]:
        line = f"{objective['name']}：{objective['desc']}" if objective["desc"] else objective["name"]
        if objective["indicators"]:
            line += "（" + "、".join(i["name"] for i in objective["indicators"]) + "）"
        document.add_paragraph(line, style="List Bullet")

    document.add_heading(t("items"), level=1)
    items = document.add_table(rows=1, cols=5)
    items.style = "Table Grid"
    for cell, label in zip(items.rows[0].cells, (t("objective"), t("item"), t("full_marks"), t("weight"), t("average_score"))):
        cell.text = label
    for objective in report["objectives"]:
        for row in objective["items"]:
            cells = items.add_row().cells
            for cell, value in zip(cells, (objective["name"], row["name"], _number(row["fullMarks"]), _number(row["weight"]),
                                           _number(row["average"]))):
                cell.text = value

    document.add_heading(t("table"), level=1)
    attainment = document.add_table(rows=1, cols=5)
    attainment.style = "Table Grid"
    for cell, label in zip(attainment.rows[0].cells, (t("objective"), t("weight"), t("average"), t("share"), t("attained"))):
        cell.text = label
    for objective in report["objectives"]:
        attained = "" if objective["attained"] is None else t("yes" if objective["attained"] else "no")
        cells = attainment.add_row().cells
        for cell, value in zip(cells, (objective["name"], _number(objective["weight"]), _number(objective["average"]),
                                       _number(objective["share"]), attained)):
            cell.text = value
    for key in ("minimum", "weighted"):
        cells = attainment.add_row().cells
        cells[0].text = t(f"course_{key}")
        cells[2].text = _number(report["courseAttainment"][key])

    document.add_heading(t("below"), level=1)
    below = [o for o in report["objectives"] if o["attained"] is False]
    if not below:
        document.add_paragraph(t("none_below", threshold=_number(float(report["threshold"]))))
    for objective in below:
        document.add_paragraph(f"{objective['name']}（{_number(objective['average'])}）", style="List Bullet")
        points = objective["knowledgePoints"]
        if not points:
            document.add_paragraph(t("points_none"))
        for point in points:
            text = f"{point['abilityPoint']} / {point['name']}" if point["abilityPoint"] else point["name"]
            document.add_paragraph(text, style="List Bullet 2")

    document.add_heading(t("improve"), level=1)
    for objective in below:
        names = "、".join(p["name"] for p in objective["knowledgePoints"][:8]) or objective["name"]
        document.add_paragraph(t("improve_point", objective=objective["name"], value=_number(objective["average"]), points=names))
    document.add_paragraph(t("improve_blank"))
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()
