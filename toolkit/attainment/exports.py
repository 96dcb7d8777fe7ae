"""A course's attainment report as a file: Word (docx), xlsx or JSON, for the CLI and the API."""
from __future__ import annotations

import asyncio
import json

from toolkit.attainment.reports import course_report, student_values
from toolkit.attainment.rights import open_course
from toolkit.errors import ValidationError
from toolkit.model import User

FORMATS = ("docx", "xlsx", "json")


async def export_report(user: User, graph_id: int, term: str, class_name: str | None = None, fmt: str = "docx",
                        lang: str | None = None) -> tuple[bytes, str]:
    """The file's bytes and a name for it. The workbook carries the students' sheet only for the
    course's teachers and the unit's admins."""
    if fmt not in FORMATS:
        raise ValidationError("error.field_invalid", field="format")
    report = await course_report(user, graph_id, term, class_name)
    name = f"{report['course']['name']}-{report['term']}" + (f"-{class_name}" if class_name else "") + f".{fmt}"
    if fmt == "json":
        return json.dumps(report, ensure_ascii=False, indent=2).encode(), name
    # The writers load python-docx and openpyxl, slow to import: only when a file is asked for.
    if fmt == "docx":
        from toolkit.attainment.document import write_report

        return await asyncio.to_thread(write_report, report, lang), name
    from toolkit.attainment.workbook import write_workbook

    access = await open_course(user, graph_id)
    students = await student_values(user, graph_id, term, class_name) if access.can_edit else None
    return await asyncio.to_thread(write_workbook, report, students, lang), name
