"""Pictures of a graph's tree: SVG drawn here, PNG and PDF converted from it by cairosvg (CJK text
needs a CJK font on the machine: fonts-noto-cjk)."""
from __future__ import annotations

from html import escape
from pathlib import Path

from toolkit.errors import FormatError
from toolkit.graphdoc import DocNode, GraphDoc

FONT = "Noto Sans CJK SC, Noto Sans SC, Source Han Sans SC, Microsoft YaHei, sans-serif"
FONT_SIZE = 14
LINE = 20
WRAP = 30          # SPEC §2: labels wrap every 30 characters
ROW_GAP = 14       # SPEC §9: vertical gap 14
COLUMN_GAP = 100   # SPEC §9: horizontal gap 100
PADDING = 8
COLOURS = ["#0960bd", "#13c2c2", "#52c41a", "#fa8c16", "#eb2f96", "#722ed1", "#2f54eb", "#faad14"]


def wrap(name: str, width: int = WRAP) -> list[str]:
    return [name[i:i + width] for i in range(0, len(name), width)] or [""]


def text_width(line: str) -> float:
    return sum(FONT_SIZE if ord(ch) > 0x2E7F else FONT_SIZE * 0.6 for ch in line)


def layout(doc: GraphDoc) -> tuple[dict[str, tuple[float, float, float, float]], float, float]:
    """A left-to-right tidy tree: leaves take rows, a parent sits midway between its first and last child."""
    boxes: dict[str, tuple[float, float, float, float]] = {}
    column_width: dict[int, float] = {}
    heights: dict[str, float] = {}
    for node, _parent, level in doc.walk():
        lines = wrap(node.name)
        column_width[level] = max(column_width.get(level, 0), max(text_width(line) for line in lines) + 2 * PADDING)
        heights[node.id] = len(lines) * LINE + PADDING
    x_of = {0: 20.0}
    for level in range(1, max(column_width) + 1):
        x_of[level] = x_of[level - 1] + column_width[level - 1] + COLUMN_GAP
    cursor = [20.0]
    # Post-order walk without recursion: leaves first, parents from their children.
    centre: dict[str, float] = {}
    stack: list[tuple[DocNode, int, bool]] = [(doc.root, 0, False)]
    while stack:
        node, level, done = stack.pop()
        if not node.children:
            centre[node.id] = cursor[0] + heights[node.id] / 2
            cursor[0] += heights[node.id] + ROW_GAP
        elif done:
            centre[node.id] = (centre[node.children[0].id] + centre[node.children[-1].id]) / 2
        else:
            stack.append((node, level, True))
            stack.extend((child, level + 1, False) for child in reversed(node.children))
        if not node.children or done:
            width = column_width[level]
            boxes[node.id] = (x_of[level], centre[node.id] - heights[node.id] / 2, width, heights[node.id])
    total_width = x_of[max(column_width)] + column_width[max(column_width)] + 20
    return boxes, total_width, cursor[0] + 20


def svg(doc: GraphDoc) -> str:
    boxes, width, height = layout(doc)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
             f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="{FONT}" font-size="{FONT_SIZE}">',
             f'<rect width="100%" height="100%" fill="#ffffff"/>']
    levels: dict[str, int] = {}
    for node, parent, level in doc.walk():
        levels[node.id] = level
        if parent is not None:
            px, py, pw, ph = boxes[parent.id]
            x, y, _w, h = boxes[node.id]
            start_x, start_y, end_y = px + pw, py + ph / 2, y + h / 2
            middle = (start_x + x) / 2
            parts.append(f'<path d="M{start_x:.1f},{start_y:.1f} C{middle:.1f},{start_y:.1f} {middle:.1f},{end_y:.1f} {x:.1f},{end_y:.1f}" '
                         f'fill="none" stroke="#bfbfbf" stroke-width="1.2"/>')
    for node, _parent, level in doc.walk():
        x, y, w, h = boxes[node.id]
        colour = COLOURS[level % len(COLOURS)]
        fill = colour if level == 0 else "#ffffff"
        ink = "#ffffff" if level == 0 else "#262626"
        parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="4" fill="{fill}" stroke="{colour}" stroke-width="1.5"/>')
        for index, line in enumerate(wrap(node.name)):
            parts.append(f'<text x="{x + PADDING:.1f}" y="{y + PADDING / 2 + LINE * (index + 0.75):.1f}" fill="{ink}">{escape(line)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def _cairo():
    try:
        import cairosvg
    except (ImportError, OSError) as exc:  # OSError: the cairo library itself is missing
        raise FormatError("render.unavailable", where="cairo", detail=str(exc)[:80]) from exc
    return cairosvg


def png(doc: GraphDoc) -> bytes:
    return _cairo().svg2png(bytestring=svg(doc).encode("utf-8"))


def pdf(doc: GraphDoc) -> bytes:
    return _cairo().svg2pdf(bytestring=svg(doc).encode("utf-8"))


def write(doc: GraphDoc, path: str | Path) -> None:
    suffix = Path(path).suffix.lower()
    data = {".svg": lambda d: svg(d).encode("utf-8"), ".png": png, ".pdf": pdf}[suffix](doc)
    Path(path).write_bytes(data)
