"""CASE 1.1 JSON (IMS Competencies and Academic Standards Exchange), the framework format OpenSALT
uses: the root is the CFDocument, every other node a CFItem, the tree `isChildOf` associations,
and other relations the nearest CASE association type."""
from __future__ import annotations

import json
import uuid
from datetime import datetime, timezone
from pathlib import Path

from toolkit.errors import FormatError
from toolkit.formats.limits import parse_json, read_bytes
from toolkit.graphdoc import DocNode, DocRelation, GraphDoc

NAMESPACE = uuid.UUID("6f1c3f52-3c1b-4d5e-9a63-2a1f0c9e7b11")
TO_CASE = {"Behind": "precedes", "Mutual": "isRelatedTo", "Synonym": "exactMatchOf", "Example": "exemplar",
           "Support": "isPartOf", "Belong": "isPartOf", "Extend": "isRelatedTo", "Verify": "isRelatedTo", "Apply": "isRelatedTo"}
FROM_CASE = {"precedes": "Behind", "isRelatedTo": "Mutual", "exactMatchOf": "Synonym", "exemplar": "Example",
             "isPartOf": "Support", "isPeerOf": "Mutual"}


def _uuid(doc: GraphDoc, node_id: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{doc.name}/{node_id}"))


def dumps(doc: GraphDoc) -> bytes:
    now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S+00:00")
    ids = {node.id: _uuid(doc, node.id) for node, _p, _l in doc.walk()}
    document = {"identifier": ids[doc.root.id], "uri": f"urn:zhitu:{ids[doc.root.id]}", "title": doc.root.name,
                "creator": "Zhitu", "description": doc.root.desc, "lastChangeDateTime": now, "zhituId": doc.root.id,
                "zhituType": doc.root.type}
    items, associations = [], []

    def ref(node_id: str, title: str) -> dict:
        return {"title": title, "identifier": ids[node_id], "uri": f"urn:zhitu:{ids[node_id]}"}

    names = {}
    for node, parent, _level in doc.walk():
        names[node.id] = node.name
        if parent is None:
            continue
        items.append({"identifier": ids[node.id], "uri": f"urn:zhitu:{ids[node.id]}", "fullStatement": node.name,
                      "notes": node.desc, "CFItemType": node.type, "lastChangeDateTime": now, "zhituId": node.id,
                      "conceptKeywords": node.tags, "zhituDefine": node.define, "zhituAttributes": node.attributes})
        associations.append({"identifier": str(uuid.uuid5(NAMESPACE, f"{ids[node.id]}/child")), "associationType": "isChildOf",
                             "originNodeURI": ref(node.id, node.name), "destinationNodeURI": ref(parent.id, parent.name),
                             "sequenceNumber": parent.children.index(node) + 1, "lastChangeDateTime": now})
    for relation in doc.relations:
        associations.append({"identifier": str(uuid.uuid5(NAMESPACE, f"{relation.start}/{relation.target}/{relation.type}")),
                             "associationType": TO_CASE.get(relation.type, "isRelatedTo"), "zhituType": relation.type,
                             "originNodeURI": ref(relation.start, names[relation.start]),
                             "destinationNodeURI": ref(relation.target, names[relation.target]), "lastChangeDateTime": now})
    return json.dumps({"CFDocument": document, "CFItems": items, "CFAssociations": associations}, ensure_ascii=False, indent=1).encode("utf-8")


def read(path: str | Path, data: bytes | None = None) -> GraphDoc:
    where = Path(path).name
    package = parse_json(read_bytes(path, data), where)
    if not isinstance(package, dict) or not isinstance(package.get("CFDocument"), dict):
        raise FormatError("format.missing_member", where=where, member="CFDocument")
    document = package["CFDocument"]
    root_uuid = document.get("identifier") or "document"
    node_of: dict[str, DocNode] = {root_uuid: DocNode(document.get("zhituId") or root_uuid, str(document.get("title") or where).strip(),
                                                      document.get("zhituType") or "", desc=document.get("description") or "")}
    for index, item in enumerate(package.get("CFItems") or []):
        if not isinstance(item, dict) or not item.get("identifier"):
            raise FormatError("format.bad_json", where=f"{where}: CFItems[{index}]", detail="identifier")
        node_of[item["identifier"]] = DocNode(item.get("zhituId") or item["identifier"], str(item.get("fullStatement") or item.get("abbreviatedStatement") or "").strip(),
                                              item.get("CFItemType") if item.get("zhituId") else "", desc=item.get("notes") or "",
                                              define=item.get("zhituDefine") or "", attributes=item.get("zhituAttributes") or {},
                                              tags=[str(t) for t in item.get("conceptKeywords") or []])
    children: dict[str, list[tuple[int, str]]] = {}
    has_parent: set[str] = set()
    relations = []
    for index, association in enumerate(package.get("CFAssociations") or []):
        origin = (association.get("originNodeURI") or {}).get("identifier")
        target = (association.get("destinationNodeURI") or {}).get("identifier")
        if origin not in node_of or target not in node_of:
            continue  # associations to other frameworks are not part of this graph
        if association.get("associationType") == "isChildOf":
            if origin in has_parent:
                raise FormatError("format.several_roots", where=f"{where}: CFAssociations[{index}]")
            has_parent.add(origin)
            children.setdefault(target, []).append((int(association.get("sequenceNumber") or 0), origin))
        else:
            kind = association.get("zhituType") or FROM_CASE.get(association.get("associationType"), "Mutual")
            relations.append(DocRelation(node_of[origin].id, node_of[target].id, kind))
    for parent, kids in children.items():
        node_of[parent].children = [node_of[k] for _n, k in sorted(kids, key=lambda pair: pair[0])]
    # Items that hang from nothing sit directly under the document.
    for identifier, node in node_of.items():
        if identifier != root_uuid and identifier not in has_parent:
            node_of[root_uuid].children.append(node)
    for node in node_of.values():
        if not node.name:
            raise FormatError("format.empty_name", where=f"{where}: {node.id}")
    return GraphDoc(name=node_of[root_uuid].name, template="", root=node_of[root_uuid], relations=relations)


def write(doc: GraphDoc, path: str | Path) -> None:
    Path(path).write_bytes(dumps(doc))
