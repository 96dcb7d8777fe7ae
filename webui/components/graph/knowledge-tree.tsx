"use client";
import { ChevronDown, ChevronRight, CornerDownRight, Info, Plus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { createContext, memo, useContext, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { EntityType, TreeNode } from "@/lib/api/graph-types";
import { lookOf, type EntityLook } from "@/lib/graph/entities";
import { visibleRows, type DropPlace } from "@/lib/graph/tree-ops";
import { cn } from "@/lib/utils";

export interface Adding {
  anchorId: number;
  mode: "child" | "sibling";
}

export interface KnowledgeTreeProps {
  root: TreeNode;
  looks: Map<string, EntityLook>;
  collapsed: ReadonlySet<number>;
  selectedId: number | null;
  checked: ReadonlySet<number>;
  editable: boolean;
  renamingId: number | null;
  adding: Adding | null;
  /** Entity types the new node may take (under the anchor's parent or the anchor). */
  typesForAdding: EntityType[];
  onToggle: (id: number) => void;
  onSelect: (id: number) => void;
  onCheck: (id: number, on: boolean) => void;
  onStartRename: (id: number) => void;
  onRename: (id: number, name: string) => void;
  onCancel: () => void;
  onStartAdd: (adding: Adding) => void;
  onAdd: (name: string, type: string | undefined) => void;
  onDelete: (id: number) => void;
  onOpenDetail: (id: number) => void;
  onDrop: (nodeId: number, targetId: number, place: DropPlace) => void;
}

const ROW_HEIGHT = 32;
/** Rows drawn above and below the visible ones, so fast scrolling shows no gap. */
const OVERSCAN = 12;

interface Shared {
  /** Always the latest props: rows read handlers at event time and re-render only when their own data changes. */
  props: () => KnowledgeTreeProps;
  dragging: { current: number | null };
}

const SharedContext = createContext<Shared | null>(null);

function placeFor(event: React.DragEvent<HTMLElement>): DropPlace {
  const box = event.currentTarget.getBoundingClientRect();
  const ratio = (event.clientY - box.top) / box.height;
  return ratio < 0.25 ? "before" : ratio > 0.75 ? "after" : "inside";
}

function NameInput({ initial, onSubmit, onCancel, types, testId }: { initial: string; onSubmit: (name: string, type?: string) => void; onCancel: () => void; types?: EntityType[]; testId: string }) {
  const t = useTranslations("tree");
  const [value, setValue] = useState(initial);
  const [type, setType] = useState(types?.[0]?.code);
  // One name, one answer: the input stays mounted until the tree takes the new name in, and a blur
  // in that time (focus moving to the new row) must not send it a second time.
  const answered = useRef(false);
  const submit = () => {
    if (answered.current) return;
    answered.current = true;
    onSubmit(value, type);
  };
  const cancel = () => {
    if (answered.current) return;
    answered.current = true;
    onCancel();
  };
  return (
    <span className="flex min-w-0 flex-1 items-center gap-1">
      {types && types.length > 1 && (
        <select className="h-6 rounded border border-border bg-card text-xs" aria-label={t("nodeType")} value={type} onChange={(e) => setType(e.target.value)}>
          {types.map((entity) => (
            <option key={entity.code} value={entity.code}>
              {entity.name}
            </option>
          ))}
        </select>
      )}
      <input
        autoFocus
        className="h-6 min-w-0 flex-1 rounded border border-primary bg-card px-1 text-sm outline-none"
        value={value}
        placeholder={t("namePlaceholder")}
        data-testid={testId}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && value.trim()) submit();
          if (e.key === "Escape") cancel();
        }}
        onBlur={(e) => {
          // Choosing the type is part of naming: leaving for the select must not cancel.
          if (e.relatedTarget instanceof HTMLSelectElement) return;
          if (value.trim() && value !== initial) submit();
          else cancel();
        }}
      />
    </span>
  );
}

interface RowProps {
  node: TreeNode;
  depth: number;
  open: boolean;
  selected: boolean;
  checked: boolean;
  renaming: boolean;
  editable: boolean;
  look: EntityLook;
}

const TreeRow = memo(function TreeRow({ node, depth, open, selected, checked, renaming, editable, look }: RowProps) {
  const t = useTranslations("tree");
  const shared = useContext(SharedContext)!;
  const props = shared.props;
  const [dropPlace, setDropPlace] = useState<DropPlace | null>(null);
  const isRoot = node.parentId === null;
  const canEdit = editable && node.isControl;
  // A big tree's first stage stops two levels down; nodes at the cut have children still to come.
  const hasChildren = node.childs.length > 0 || !!node.hasChilds;
  return (
    <div
      role="treeitem"
      aria-expanded={hasChildren ? open : undefined}
      aria-selected={selected}
      aria-level={depth + 1}
      className={cn(
        "group relative flex h-8 cursor-pointer items-center gap-1 rounded pr-2 text-sm hover:bg-primary/5",
        selected && "bg-primary/10 text-primary",
        dropPlace === "inside" && "outline outline-2 outline-primary",
      )}
      style={{ paddingLeft: 8 + depth * 16 }}
      data-testid="tree-row"
      data-node-id={node.id}
      draggable={canEdit && !isRoot && !renaming}
      onDragStart={(event) => {
        event.dataTransfer.setData("text/plain", String(node.id));
        event.dataTransfer.effectAllowed = "move";
        shared.dragging.current = node.id;
      }}
      onDragEnd={() => (shared.dragging.current = null)}
      onDragOver={(event) => {
        if (shared.dragging.current === null || shared.dragging.current === node.id) return;
        event.preventDefault();
        setDropPlace(placeFor(event));
      }}
      onDragLeave={() => setDropPlace(null)}
      onDrop={(event) => {
        event.preventDefault();
        const place = placeFor(event);
        setDropPlace(null);
        const dragged = Number(event.dataTransfer.getData("text/plain"));
        if (dragged && dragged !== node.id) props().onDrop(dragged, node.id, place);
      }}
      onClick={() => props().onSelect(node.id)}
      onDoubleClick={() => canEdit && props().onStartRename(node.id)}
    >
      {dropPlace === "before" && <span className="absolute inset-x-0 top-0 h-0.5 bg-primary" />}
      {dropPlace === "after" && <span className="absolute inset-x-0 bottom-0 h-0.5 bg-primary" />}
      {editable && !isRoot && (
        <input
          type="checkbox"
          className="h-3.5 w-3.5 accent-[var(--primary)]"
          aria-label={t("check", { name: node.name })}
          checked={checked}
          onClick={(e) => e.stopPropagation()}
          onChange={(e) => props().onCheck(node.id, e.target.checked)}
        />
      )}
      <button
        className={cn("flex h-5 w-5 shrink-0 items-center justify-center rounded text-muted hover:text-primary", !hasChildren && "invisible")}
        aria-label={open ? t("collapse") : t("expand")}
        onClick={(e) => {
          e.stopPropagation();
          props().onToggle(node.id);
        }}
      >
        {open ? <ChevronDown size={14} /> : <ChevronRight size={14} />}
      </button>
      <span className="h-2 w-2 shrink-0 rounded-sm" style={{ background: look.colour }} title={look.name} />
      {renaming ? (
        <NameInput initial={node.name} onSubmit={(name) => props().onRename(node.id, name)} onCancel={() => props().onCancel()} testId="tree-rename" />
      ) : (
        <span className="min-w-0 flex-1 truncate" title={node.name}>
          {node.name}
        </span>
      )}
      {!renaming && (
        <span className="hidden shrink-0 items-center gap-0.5 group-hover:flex">
          <button className="rounded p-0.5 text-muted hover:text-primary" aria-label={t("detail")} title={t("detail")} onClick={(e) => (e.stopPropagation(), props().onOpenDetail(node.id))}>
            <Info size={14} />
          </button>
          {canEdit && (
            <>
              <button className="rounded p-0.5 text-muted hover:text-primary" aria-label={t("addChild")} title={t("addChild")} data-testid="tree-add-child" onClick={(e) => (e.stopPropagation(), props().onStartAdd({ anchorId: node.id, mode: "child" }))}>
                <Plus size={14} />
              </button>
              {!isRoot && (
                <button className="rounded p-0.5 text-muted hover:text-primary" aria-label={t("addSibling")} title={t("addSibling")} data-testid="tree-add-sibling" onClick={(e) => (e.stopPropagation(), props().onStartAdd({ anchorId: node.id, mode: "sibling" }))}>
                  <CornerDownRight size={14} />
                </button>
              )}
              {!isRoot && (
                <button className="rounded p-0.5 text-muted hover:text-danger" aria-label={t("delete")} title={t("delete")} data-testid="tree-delete" onClick={(e) => (e.stopPropagation(), props().onDelete(node.id))}>
                  <Trash2 size={14} />
                </button>
              )}
            </>
          )}
        </span>
      )}
    </div>
  );
});

/** SPEC §2 knowledge tree: inline editing, drag-and-drop move and sort, multi-select; only the rows in view are drawn. */
export function KnowledgeTree(props: KnowledgeTreeProps & { onDeleteChecked: () => void; onClearChecked: () => void }) {
  const t = useTranslations("tree");
  const latest = useRef(props);
  latest.current = props;
  const shared = useMemo<Shared>(() => ({ props: () => latest.current, dragging: { current: null } }), []);
  const rows = useMemo(() => visibleRows(props.root, props.collapsed, props.adding), [props.root, props.collapsed, props.adding]);
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 800 });
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setView({ top: element.scrollTop, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // Keep the selected row in view when the selection comes from the map.
  useEffect(() => {
    const element = scroller.current;
    const index = rows.findIndex((row) => row.kind === "node" && row.node.id === props.selectedId);
    if (!element || index < 0) return;
    const top = index * ROW_HEIGHT;
    if (top < element.scrollTop || top + ROW_HEIGHT > element.scrollTop + element.clientHeight) element.scrollTop = Math.max(0, top - element.clientHeight / 2);
  }, [props.selectedId, rows]);
  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  return (
    <SharedContext.Provider value={shared}>
      <div className="flex h-full flex-col" data-testid="knowledge-tree">
        {props.checked.size > 0 && (
          <div className="flex items-center gap-2 border-b border-border px-2 py-1.5 text-sm">
            <span className="text-muted">{t("checkedCount", { count: props.checked.size })}</span>
            <Button size="sm" variant="danger" onClick={props.onDeleteChecked} data-testid="batch-delete">
              {t("deleteChecked")}
            </Button>
            <Button size="sm" variant="ghost" onClick={props.onClearChecked}>
              {t("clearChecked")}
            </Button>
          </div>
        )}
        <div ref={scroller} className="min-h-0 flex-1 overflow-auto py-1" onScroll={(e) => setView({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })}>
          <div role="tree" aria-label={t("title")} className="relative" style={{ height: rows.length * ROW_HEIGHT }}>
            <div style={{ transform: `translateY(${first * ROW_HEIGHT}px)` }}>
              {rows.slice(first, last).map((row) =>
                row.kind === "add" ? (
                  <div key={`add-${row.anchorId}`} className="flex h-8 items-center gap-1 pr-2" style={{ paddingLeft: 8 + row.depth * 16 + 20 }}>
                    <NameInput initial="" types={props.typesForAdding} onSubmit={(name, type) => props.onAdd(name, type)} onCancel={props.onCancel} testId="tree-new-name" />
                  </div>
                ) : (
                  <TreeRow
                    key={row.node.id}
                    node={row.node}
                    depth={row.depth}
                    open={!props.collapsed.has(row.node.id)}
                    selected={props.selectedId === row.node.id}
                    checked={props.checked.has(row.node.id)}
                    renaming={props.renamingId === row.node.id}
                    editable={props.editable}
                    look={lookOf(props.looks, row.node.type)}
                  />
                ),
              )}
            </div>
          </div>
        </div>
      </div>
    </SharedContext.Provider>
  );
}
