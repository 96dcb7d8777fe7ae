"""A node's detail (SPEC §3 Node and node detail): type, description, definition, attributes, tags,
relations; rendered from what toolkit.graphs.tree.get_node and reads.node_relations return."""
from __future__ import annotations

import json

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from toolkit.tui.localise import text

DESC_SEPARATOR = "##"  # SPEC §3: description segments are separated by a double-hash marker


def attribute_text(value: object) -> Text:
    """An attribute value as lines: ability levels (name, range, desc) one a line, other lists item by item."""
    if isinstance(value, list):
        lines = []
        for item in value:
            if isinstance(item, dict) and "name" in item:
                line = str(item["name"])
                if "rangeStart" in item or "rangeEnd" in item:
                    line += f"  {item.get('rangeStart', '')}–{item.get('rangeEnd', '')}"
                if item.get("desc"):
                    line += f"  {item['desc']}"
                lines.append(line)
            else:
                lines.append(json.dumps(item, ensure_ascii=False) if isinstance(item, (dict, list)) else str(item))
        return Text("\n".join(lines))
    if isinstance(value, dict):
        return Text(json.dumps(value, ensure_ascii=False))
    return Text(str(value))


def render_detail(node: dict, relations: dict | None, path: list[str], lang: str) -> Group:
    def t(key: str, **params: object) -> str:
        return text(key, lang, **params)

    none = Text(t("tui.detail.none"), style="dim")
    title = Text(node["name"], style="bold")
    title.append("  " + (t("tui.detail.editable") if node.get("isControl") else t("tui.detail.locked")), style="dim")
    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="bold", no_wrap=True)
    facts.add_column()
    facts.add_row(t("tui.detail.path"), " / ".join(path) or "-")
    facts.add_row(t("tui.detail.type"), node["type"])
    facts.add_row(t("tui.detail.level"), str(node["level"]))
    segments = [s.strip() for s in (node.get("desc") or "").split(DESC_SEPARATOR) if s.strip()]
    facts.add_row(t("tui.detail.desc"), Text("\n".join(segments)) if segments else none)
    facts.add_row(t("tui.detail.define"), Text(node["define"]) if (node.get("define") or "").strip() else none)
    attributes = node.get("attributes") or {}
    if attributes:
        attribute_table = Table.grid(padding=(0, 1))
        for key, value in attributes.items():
            attribute_table.add_row(Text(str(key), style="italic"), attribute_text(value))
        facts.add_row(t("tui.detail.attributes"), attribute_table)
    else:
        facts.add_row(t("tui.detail.attributes"), none)
    tags = [tag["name"] for tag in node.get("nodeTags") or []]
    facts.add_row(t("tui.detail.tags"), Text(", ".join(tags)) if tags else none)
    lines = Text()
    for group in (relations or {}).get("groups", []):
        for item in group["items"]:
            arrow, other = ("→", item.get("targetNodeName")) if item.get("direction") == "out" else ("←", item.get("startNodeName"))
            if lines:
                lines.append("\n")
            lines.append(f"{group['relationshipType']} ", style="bold")
            lines.append(f"{arrow} {other or '?'}")
    for cross in (relations or {}).get("crossRelations", []):
        if lines:
            lines.append("\n")
        lines.append(f"{cross.get('relation_type') or ''} ⇢ {cross.get('target_graph__name') or ''} / {cross.get('target_node__name') or ''}")
    facts.add_row(t("tui.detail.relations"), lines if lines else none)
    return Group(title, Text(""), facts)


class NodeDetail(Static):
    """Shows one node; empty until a node is highlighted."""

    def show(self, node: dict, relations: dict | None, path: list[str], lang: str) -> None:
        self.node = node
        self.update(render_detail(node, relations, path, lang))
