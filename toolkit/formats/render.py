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


# cairo's image surfaces stop at 32,767 pixels a side; the area cap keeps the buffer near 200 MB.
PNG_MAX_SIDE = 32_000
PNG_MAX_PIXELS = 50_000_000
PNG_MIN_SCALE = 0.35     # below this the 14 px labels are under 5 px: refuse and advise PDF or SVG
PT_PER_PX = 0.75         # CSS pixels to PDF points (96 dpi)
A4_LANDSCAPE = (842.0, 595.0)
A3_LANDSCAPE = (1191.0, 842.0)
PAGE_MARGIN = 24.0
ONE_PAGE_MIN_SCALE = 0.6  # a drawing that fits one A3 page at this scale or more stays one page


def elements(doc: GraphDoc) -> tuple[list[tuple[tuple[float, float, float, float], str, str]], float, float]:
    """The drawing as SVG elements with their bounding boxes (x0, y0, x1, y1) and their shapes without
    labels (for an overview too small to read them), edges first, and the drawing's size."""
    boxes, width, height = layout(doc)
    edges, nodes = [], []
    for node, parent, level in doc.walk():
        x, y, w, h = boxes[node.id]
        if parent is not None:
            px, py, pw, ph = boxes[parent.id]
            start_x, start_y, end_y = px + pw, py + ph / 2, y + h / 2
            middle = (start_x + x) / 2
            curve = (f'<path d="M{start_x:.1f},{start_y:.1f} C{middle:.1f},{start_y:.1f} {middle:.1f},{end_y:.1f} {x:.1f},{end_y:.1f}" '
                     f'fill="none" stroke="#bfbfbf" stroke-width="1.2"/>')
            edges.append(((start_x, min(start_y, end_y), x, max(start_y, end_y)), curve, curve))
        colour = COLOURS[level % len(COLOURS)]
        fill = colour if level == 0 else "#ffffff"
        ink = "#ffffff" if level == 0 else "#262626"
        parts = [f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="4" fill="{fill}" stroke="{colour}" stroke-width="1.5"/>']
        for index, line in enumerate(wrap(node.name)):
            parts.append(f'<text x="{x + PADDING:.1f}" y="{y + PADDING / 2 + LINE * (index + 0.75):.1f}" fill="{ink}">{escape(line)}</text>')
        nodes.append(((x, y, x + w, y + h), "".join(parts), parts[0]))
    return edges + nodes, width, height


def _document(parts: list[str], view: tuple[float, float, float, float], size: str) -> str:
    x, y, w, h = view
    return (f'<svg xmlns="http://www.w3.org/2000/svg" {size} viewBox="{x:.1f} {y:.1f} {w:.1f} {h:.1f}" '
            f'font-family="{FONT}" font-size="{FONT_SIZE}"><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="#ffffff"/>'
            + "\n".join(parts) + "</svg>")


def svg(doc: GraphDoc) -> str:
    drawn, width, height = elements(doc)
    return _document([part for _box, part, _shape in drawn], (0, 0, width, height), f'width="{width:.0f}" height="{height:.0f}"')


def _cairo():
    try:
        import cairosvg
    except (ImportError, OSError) as exc:  # OSError: the cairo library itself is missing
        raise FormatError("render.unavailable", where="cairo", detail=str(exc)[:80]) from exc
    return cairosvg


def png_scale(width: float, height: float) -> float:
    """The scale a PNG of this drawing is written at (1 when it fits cairo's limits)."""
    return min(1.0, PNG_MAX_SIDE / width, PNG_MAX_SIDE / height, (PNG_MAX_PIXELS / (width * height)) ** 0.5)


def png(doc: GraphDoc) -> bytes:
    """The whole tree as one picture, scaled down to cairo's limits; a tree too big to be read at
    that scale is refused with the advice to export a paginated PDF or an SVG."""
    cairosvg = _cairo()
    drawn, width, height = elements(doc)
    scale = png_scale(width, height)
    if scale < PNG_MIN_SCALE:
        raise FormatError("render.too_big", where=doc.name, nodes=doc.node_count(), width=round(width), height=round(height))
    picture = _document([part for _box, part, _shape in drawn], (0, 0, width, height), f'width="{width:.0f}" height="{height:.0f}"')
    try:
        return cairosvg.svg2png(bytestring=picture.encode("utf-8"), scale=scale)
    except (MemoryError, ValueError, OSError) as exc:
        raise FormatError("render.failed", where=doc.name, detail=str(exc)[:80]) from exc


def _tile_size() -> tuple[float, float]:
    """The part of the drawing (in its pixels) one A4 landscape page shows at natural size."""
    return (A4_LANDSCAPE[0] - 2 * PAGE_MARGIN) / PT_PER_PX, (A4_LANDSCAPE[1] - 2 * PAGE_MARGIN) / PT_PER_PX


def pdf(doc: GraphDoc) -> bytes:
    """A tree that fits one A3 landscape page readably is one page; a bigger one is an overview page
    (A3 landscape, the whole tree with the page grid numbered) and then A4 landscape pages of the
    drawing at its natural size, skipping pages with nothing on them."""
    _cairo()
    import io

    import cairocffi
    from cairosvg.parser import Tree
    from cairosvg.surface import PDFSurface

    drawn, width, height = elements(doc)
    page_w, page_h = A3_LANDSCAPE
    fit = min((page_w - 2 * PAGE_MARGIN) / (width * PT_PER_PX), (page_h - 2 * PAGE_MARGIN) / (height * PT_PER_PX))
    buffer = io.BytesIO()
    target = cairocffi.PDFSurface(buffer, page_w, page_h)

    class SharedPage(PDFSurface):
        """cairosvg drawing onto the next page of one shared PDF surface."""

        def _create_surface(self, surface_width, surface_height):
            target.set_size(surface_width, surface_height)
            return target, surface_width, surface_height

    def page(parts: list[str], view: tuple[float, float, float, float], size: tuple[float, float]) -> None:
        picture = _document(parts, view, f'width="{size[0]:.0f}pt" height="{size[1]:.0f}pt"')
        SharedPage(Tree(bytestring=picture.encode("utf-8")), None, 96)
        target.show_page()

    margin_px = PAGE_MARGIN / PT_PER_PX
    try:
        if fit >= ONE_PAGE_MIN_SCALE:
            size = (width * PT_PER_PX + 2 * PAGE_MARGIN, height * PT_PER_PX + 2 * PAGE_MARGIN)
            page([part for _box, part, _shape in drawn], (-margin_px, -margin_px, width + 2 * margin_px, height + 2 * margin_px), size)
        else:
            tile_w, tile_h = _tile_size()
            # Each element goes to every page its box reaches (a grid, so this is one pass).
            on_page: dict[tuple[int, int], list[str]] = {}
            for box, part, _shape in drawn:
                for row in range(int(box[1] // tile_h), int(box[3] // tile_h) + 1):
                    for column in range(int(box[0] // tile_w), int(box[2] // tile_w) + 1):
                        on_page.setdefault((row, column), []).append(part)
            tiles = sorted(on_page)
            # The overview: the whole tree, each later page outlined with its number.
            stroke = 2 / (fit * PT_PER_PX)
            grid = [f'<rect x="{column * tile_w:.1f}" y="{row * tile_h:.1f}" width="{tile_w:.1f}" height="{tile_h:.1f}" fill="none" '
                    f'stroke="#ff4d4f" stroke-width="{stroke:.1f}"/><text x="{(column + 0.5) * tile_w:.1f}" y="{(row + 0.6) * tile_h:.1f}" '
                    f'font-size="{tile_h / 3:.0f}" fill="#ff4d4f" fill-opacity="0.6" text-anchor="middle">{number}</text>'
                    for number, (row, column) in enumerate(tiles, 2)]
            view_w = max(width, (page_w / page_h) * height)
            view_h = view_w * page_h / page_w
            # Labels under 3 pt cannot be read and cost most of the drawing time: shapes only then.
            readable = fit * PT_PER_PX * FONT_SIZE >= 3
            page([part if readable else shape for _box, part, shape in drawn] + grid, (0, 0, view_w, view_h), (page_w, page_h))
            for row, column in tiles:
                page(on_page[(row, column)], (column * tile_w - margin_px, row * tile_h - margin_px,
                                              tile_w + 2 * margin_px, tile_h + 2 * margin_px), A4_LANDSCAPE)
        target.finish()
    except (MemoryError, ValueError, OSError, cairocffi.Error) as exc:
        raise FormatError("render.failed", where=doc.name, detail=str(exc)[:80]) from exc
    return buffer.getvalue()


def write(doc: GraphDoc, path: str | Path) -> None:
    suffix = Path(path).suffix.lower()
    data = {".svg": lambda d: svg(d).encode("utf-8"), ".png": png, ".pdf": pdf}[suffix](doc)
    Path(path).write_bytes(data)
