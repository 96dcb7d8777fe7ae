"""Loading the example data (examples/): a unit, projects, one user of each role, eight graphs."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

from toolkit import graphdoc
from toolkit.accounts import ensure_user
from toolkit.errors import ValidationError
from toolkit.graphs.store import store_document
from toolkit.portal import load_help
from toolkit.model import Graph, Project, ProjectMember, Unit, User

EXAMPLES_DIR = Path(__file__).resolve().parent.parent / "examples"


@dataclass
class DemoReport:
    users: list[dict] = field(default_factory=list)
    graphs_created: list[str] = field(default_factory=list)
    graphs_kept: list[str] = field(default_factory=list)


async def load_examples(folder: Path = EXAMPLES_DIR) -> DemoReport:
    """Idempotent: what already exists (by name) is kept as it is."""
    seed_path = folder / "seed.json"
    if not seed_path.exists():
        raise ValidationError("demo.examples_missing", path=str(folder))
    seed = json.loads(seed_path.read_text(encoding="utf-8"))
    report = DemoReport()
    unit, _ = await Unit.get_or_create(name=seed["unit"]["name"], defaults={"code": seed["unit"].get("code")})
    users: dict[str, User] = {}
    for spec in seed["users"]:
        user, _ = await ensure_user(spec["userName"], seed["password"], spec["role"], name=spec["name"], unit=unit,
                                    tel=spec.get("tel"))
        users[spec["userName"]] = user
        report.users.append({"userName": spec["userName"], "password": seed["password"], "role": spec["role"], "name": spec["name"]})
    projects: dict[str, Project] = {}
    for spec in seed["projects"]:
        project = await Project.get_or_none(name=spec["name"])
        if project is None:
            end_time = datetime.now(timezone.utc) + timedelta(days=spec["trialDays"]) if spec.get("trialDays") else None
            project = await Project.create(name=spec["name"], unit=unit, leader=users[spec["leader"]], tryout=bool(spec.get("tryout")),
                                           end_time=end_time, description=spec.get("description", ""),
                                           major_name=spec.get("majorName"))
        projects[spec["key"]] = project
        for member, role in spec["members"].items():
            await ProjectMember.get_or_create(project=project, user=users[member], defaults={"role": role})
    for spec in seed["graphs"]:
        project = projects[spec["project"]]
        raw = json.loads((folder / "graphs" / spec["file"]).read_text(encoding="utf-8"))
        doc = graphdoc.from_dict(raw, spec["file"])
        if await Graph.filter(name=doc.name, project=project).exists():
            report.graphs_kept.append(doc.name)
            continue
        graph = await store_document(doc, project, users[spec["author"]])
        if spec.get("published"):
            graph.release_state = 1
            await graph.save(update_fields=["release_state"])
        report.graphs_created.append(doc.name)
    # The help screens (/help_v, /help_doc) show the demo's own documents and videos.
    await load_help(folder / "help")
    return report
