"""FreeMind / Freeplane `.mm` and OPML read as tolerantly as XMind: a node without text (an image, a
blank line) gets a placeholder name and a warning instead of refusing the file; attributes become
node attributes; rich HTML node text, notes and Freeplane details become plain text with
paragraphs and list items (sanitised with nh3 first); entities are decoded; icons become tags,
links stay on the node (链接) or become relations between nodes; XML that is not well-formed but
recoverable (Freeplane writes HTML's `&nbsp;` raw) is read by a hardened recovering parser, and
every problem is listed in the import report."""
from __future__ import annotations

import html
import re
from html.entities import name2codepoint
from html.parser import HTMLParser
from pathlib import Path

from toolkit.errors import FormatError
from toolkit.formats import report
from toolkit.formats.extras import apply_extras, parse_relations
from toolkit.formats.limits import parse_xml, read_bytes
from toolkit.formats.outline import OutlineItem, build, paragraph_name
from toolkit.graphdoc import DocRelation, GraphDoc
from toolkit.richtext import sanitise

UNTITLED = "（无标题主题）"  # the same placeholder as XMind's image-only topics
LINK_ATTRIBUTE = "链接"
ICON_PREFIX = "mm:"
ENTITY = re.compile(rb"&([A-Za-z][A-Za-z0-9]*);")
XML_ENTITIES = {b"amp", b"lt", b"gt", b"quot", b"apos"}
ESCAPED_ENTITY = re.compile(r"&(?:[A-Za-z]+|#\d+|#x[0-9A-Fa-f]+);")


# ------------------------------------------------------------------ XML that real tools write

def _html_entities_as_numbers(data: bytes) -> tuple[bytes, int]:
    """HTML's named entities (&nbsp; &eacute; …) written into XML, as numeric references."""
    count = 0

    def replace(match: re.Match) -> bytes:
        nonlocal count
        name = match.group(1)
        if name in XML_ENTITIES or name.decode() not in name2codepoint:
            return match.group(0)
        count += 1
        return f"&#{name2codepoint[name.decode()]};".encode()

    return ENTITY.sub(replace, data), count


def parse_tolerant(data: bytes, where: str):
    """Well-formed XML through the safe parser; else HTML entities turned into numbers; else lxml's
    recovering parser with entities, DTDs and the network switched off (a DOCTYPE is refused)."""
    try:
        return parse_xml(data, where)
    except FormatError as exc:
        if exc.key != "format.bad_xml":
            raise
        first_error = exc.params.get("detail", "")
    fixed, count = _html_entities_as_numbers(data)
    if count:
        try:
            root = parse_xml(fixed, where)
            report.warn("import.xml_recovered", where, detail=f"{count} HTML entities, {first_error}")
            return root
        except FormatError as exc:
            if exc.key != "format.bad_xml":
                raise
    if b"<!DOCTYPE" in data[:4096] or b"<!ENTITY" in data:
        raise FormatError("format.unsafe_xml", where=where)
    from lxml import etree

    parser = etree.XMLParser(recover=True, resolve_entities=False, no_network=True, load_dtd=False, dtd_validation=False,
                             huge_tree=False, remove_comments=True, remove_pis=True)
    try:
        root = etree.fromstring(fixed, parser)
    except etree.XMLSyntaxError as exc:
        raise FormatError("format.bad_xml", where=where, detail=first_error) from exc
    if root is None:
        raise FormatError("format.bad_xml", where=where, detail=first_error)
    errors = len(parser.error_log)
    report.warn("import.xml_recovered", where, detail=f"{errors} errors, first: {first_error}")
    return root


# ------------------------------------------------------------------ rich text to plain text

class _PlainText(HTMLParser):
    """Sanitised HTML as text: paragraphs and line breaks as new lines, list items as "- " lines."""

    BLOCKS = {"p", "div", "br", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "table", "pre", "blockquote"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag == "li":
            self.parts.append("\n- ")
        elif tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        self.parts.append(re.sub(r"\s+", " ", data))

    def text(self) -> str:
        lines = [line.strip() for line in "".join(self.parts).replace("\xa0", " ").split("\n")]
        out: list[str] = []
        for line in lines:
            # one blank line between paragraphs at most, none before a list item
            if line.startswith("- ") and out and not out[-1]:
                out.pop()
            if line or (out and out[-1]):
                out.append(line)
        return "\n".join(out).strip()


def html_text(markup: str) -> str:
    parser = _PlainText()
    parser.feed(sanitise(markup))
    parser.close()
    return parser.text()


def _element_markup(element) -> str:
    try:
        from lxml import etree

        if isinstance(element, etree._Element):
            return etree.tostring(element, encoding="unicode")
    except ImportError:  # pragma: no cover - lxml comes with python-docx
        pass
    from xml.etree import ElementTree as ET

    return ET.tostring(element, encoding="unicode")


def _rich(element, kind: str) -> str:
    rich = element.find(f"richcontent[@TYPE='{kind}']")
    if rich is None:
        return ""
    paragraphs = rich.findall("html/body/p")
    if paragraphs and all(len(p) == 0 for p in paragraphs) and len(rich.findall("html/body/*")) == len(paragraphs):
        # Plain paragraphs (what Zhitu and simple tools write): their lines exactly as written.
        return "\n".join(p.text or "" for p in paragraphs)
    return html_text(_element_markup(rich))


def _has_image(element) -> bool:
    if any(hook.get("NAME") == "ExternalObject" for hook in element.findall("hook")):
        return True
    rich = element.find("richcontent[@TYPE='NODE']")
    return rich is not None and any(str(child.tag).endswith("img") for child in rich.iter())


def decoded(text: str | None) -> str:
    """A name with entities escaped twice over (&amp;amp;, &amp;#x5e94;) decoded."""
    text = (text or "").strip()
    for _ in range(2):
        if not ESCAPED_ENTITY.search(text):
            break
        text = html.unescape(text)
    return text


def _placeholder(location: str, image: bool) -> str:
    report.warn("import.placeholder_name", location, reason="import.reason.image" if image else "import.reason.blank", name=UNTITLED)
    return UNTITLED


# ------------------------------------------------------------------ FreeMind / Freeplane

def read_mm(path: str | Path, data: bytes | None = None) -> GraphDoc:
    where = Path(path).name
    root = parse_tolerant(read_bytes(path, data), where)
    if root.tag != "map" or root.find("node") is None:
        raise FormatError("format.bad_xml", where=where, detail="no <map><node>")
    items: list[OutlineItem] = []
    links: list[DocRelation] = []
    topic_links: list[tuple[str, str, str]] = []
    seen_ids: set = set()
    stack = [(root.find("node"), 0, "")]
    while stack:
        element, level, trail = stack.pop()
        name = decoded(element.get("TEXT") or element.get("LOCALIZED_TEXT")) or _rich(element, "NODE")
        name, full_text = paragraph_name(name, f"{where}: {trail}")
        location = f"{where}: {trail}{' > ' if trail else ''}{name or UNTITLED}"
        if not name:
            name = _placeholder(location, _has_image(element))
        elif _has_image(element):
            report.drop("image", location)
        desc = "\n\n".join(part for part in (full_text, _rich(element, "DETAILS"), _rich(element, "NOTE")) if part)
        node_id = element.get("ID")
        if node_id in seen_ids:
            node_id = None  # a pasted node keeping its ID: a new id, so both stay (links go to the first)
        seen_ids.add(node_id)
        item = OutlineItem(level, name, location, node_id, desc=desc)
        attributes = {a.get("NAME"): decoded(a.get("VALUE")) for a in element.findall("attribute") if a.get("NAME")}
        apply_extras(item, attributes.pop("zhitu", None))
        for key, value in attributes.items():
            item.attributes.setdefault(key, value)
        item.tags.extend(f"{ICON_PREFIX}{icon.get('BUILTIN')}" for icon in element.findall("icon") if icon.get("BUILTIN"))
        link = (element.get("LINK") or "").strip()
        if link.startswith("#") and node_id:
            topic_links.append((node_id, link[1:], location))
        elif link:
            item.attributes.setdefault(LINK_ATTRIBUTE, link)
        for arrow in element.findall("arrowlink"):
            if node_id and arrow.get("DESTINATION"):
                label = decoded(arrow.get("MIDDLE_LABEL") or arrow.get("SOURCE_LABEL") or arrow.get("TARGET_LABEL"))
                links.append(DocRelation(node_id, arrow.get("DESTINATION"), arrow.get("ZHITU_TYPE") or "Mutual", label))
        if element.find("cloud") is not None:
            report.drop("cloud", location)
        items.append(item)
        stack.extend(reversed([(child, level + 1, f"{trail}{' > ' if trail else ''}{name}") for child in element.findall("node")]))
    doc = build(items, where)
    known = {n.id for n, _p, _l in doc.walk()}
    relations = []
    for relation in links:
        if relation.start in known and relation.target in known and relation.start != relation.target:
            relations.append(relation)
        else:
            report.drop("relationship", where)
    for start, target, location in topic_links:
        if target in known and target != start:
            relations.append(DocRelation(start, target, "Mutual", LINK_ATTRIBUTE))
        else:
            report.drop("relationship", location)
    doc.relations = relations
    return doc


# ------------------------------------------------------------------ OPML

LINK_KEYS = ("url", "htmlUrl", "xmlUrl")
# What an <outline> holds that is read as something else: every other attribute is kept on the node.
_OPML_READ_KEYS = frozenset({"text", "title", "_note", "zhituId", "zhitu", *LINK_KEYS})


def read_opml(path: str | Path, data: bytes | None = None) -> GraphDoc:
    where = Path(path).name
    root = parse_tolerant(read_bytes(path, data), where)
    if root.tag != "opml":
        raise FormatError("format.bad_xml", where=where, detail="no <opml> root")
    body = root.find("body")
    if body is None or body.find("outline") is None:
        raise FormatError("format.no_nodes", where=where)
    title = decoded(root.findtext("head/title"))
    items: list[OutlineItem] = []
    top = body.findall("outline")
    start_level = 0 if len(top) == 1 else 1
    if len(top) != 1:
        items.append(OutlineItem(0, title or Path(path).stem, where))
    stack = [(outline, start_level, title or where, index) for index, outline in reversed(list(enumerate(top, 1)))]
    while stack:
        outline, level, trail, index = stack.pop()
        name, full_text = paragraph_name(decoded(outline.get("text") or outline.get("title")), f"{where}: {trail}")
        location = f"{where}: {trail} > {name or index}"
        if not name:
            name = _placeholder(location, False)
        note = decoded(outline.get("_note"))
        item = OutlineItem(level, name, location, outline.get("zhituId"), desc="\n\n".join(p for p in (full_text, note) if p))
        apply_extras(item, outline.get("zhitu"))
        link = next((outline.get(key) for key in LINK_KEYS if outline.get(key)), None)
        if link:
            item.attributes.setdefault(LINK_ATTRIBUTE, link.strip())
        # Other outline attributes (type, created, isComment, an outliner's own) are kept as pairs,
        # as FreeMind attributes are, so nothing is dropped uncounted.
        for key, value in outline.attrib.items():
            if key not in _OPML_READ_KEYS and isinstance(key, str) and value and value.strip():
                item.attributes.setdefault(key, decoded(value))
        items.append(item)
        stack.extend(reversed([(child, level + 1, f"{trail} > {name}", number)
                               for number, child in enumerate(outline.findall("outline"), 1)]))
    doc = build(items, where)
    doc.relations = parse_relations(root.findtext("head/zhituRelations"))
    return doc
