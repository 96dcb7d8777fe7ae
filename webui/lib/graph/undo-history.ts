/**
 * The mind map's undo and redo (issue 17): every edit of the session kept with what undoes it, as
 * calls on the revision-checked node API. Pure: the caller runs the planned call and reports back.
 *
 * Two things make inverse calls safe with other editors:
 * - each call names the revision this session left the node at, so a node someone else changed
 *   since answers a conflict instead of being overwritten;
 * - a deleted subtree comes back with new ids, so the history maps old ids to the current ones and
 *   earlier entries keep pointing at the right nodes. The restore reports each node's old id with
 *   its new one, so the mapping is exact: never by name (two nodes may share one) nor by an order
 *   two walks of the tree would have to agree on.
 */

/** What recreating a subtree needs: enough to write it again with createNode (and attributes). */
export interface SubtreeSnapshot {
  /** The id the node had when the snapshot was taken (mapped to the recreated one afterwards). */
  id: number;
  name: string;
  type: string;
  desc?: string;
  attributes?: Record<string, unknown>;
  children: SubtreeSnapshot[];
}

export interface Place {
  parentId: number;
  position: number;
}

export type Edit =
  /** A node (or a pasted subtree) created at `place`. */
  | { kind: "create"; snapshot: SubtreeSnapshot; place: Place }
  /** A subtree removed from `place`. */
  | { kind: "delete"; snapshot: SubtreeSnapshot; place: Place }
  | { kind: "rename"; nodeId: number; before: string; after: string }
  | { kind: "move"; nodeId: number; from: Place; to: Place };

/** One API call, ids resolved to the current ones and the revision this session expects. */
export type Call =
  | { call: "create"; parentId: number; position: number; snapshot: SubtreeSnapshot }
  | { call: "delete"; nodeId: number; revision: number | undefined }
  | { call: "rename"; nodeId: number; name: string; revision: number | undefined }
  | { call: "move"; nodeId: number; parentId: number; position: number; revision: number | undefined };

export type Direction = "undo" | "redo";

export interface History {
  done: readonly Edit[];
  undone: readonly Edit[];
  /** Old id → the id the node has now (after a recreate). */
  aliases: ReadonlyMap<number, number>;
  /** Current id → the revision this session's last write left the node at. */
  revisions: ReadonlyMap<number, number>;
}

/** Edits kept: the oldest go beyond this. */
export const HISTORY_LIMIT = 100;

export function emptyHistory(): History {
  return { done: [], undone: [], aliases: new Map(), revisions: new Map() };
}

/** The id a node has now, following recreations. */
export function currentId(history: History, id: number): number {
  let current = id;
  for (let hops = 0; history.aliases.has(current) && hops < 1000; hops++) current = history.aliases.get(current)!;
  return current;
}

/**
 * Remember revisions this session's own writes produced (by the ids the server answered). An
 * undefined revision forgets the node's: a write moved it on by an amount not known here (a child
 * created under it), so the tree's revision is named next time.
 */
export function noteRevisions(history: History, revisions: Iterable<[number, number | undefined]>): History {
  const next = new Map(history.revisions);
  for (const [id, revision] of revisions) {
    if (revision === undefined) next.delete(id);
    else next.set(id, revision);
  }
  return { ...history, revisions: next };
}

/**
 * Add a fresh edit: redo is gone (as in every editor). A rename right after creating the same
 * node (Tab, then typing its name) is one step, as in XMind.
 */
export function record(history: History, edit: Edit, revisions: Iterable<[number, number | undefined]> = []): History {
  const last = history.done[history.done.length - 1];
  let done: Edit[];
  if (edit.kind === "rename" && last?.kind === "create" && currentId(history, last.snapshot.id) === currentId(history, edit.nodeId)) {
    done = [...history.done.slice(0, -1), { ...last, snapshot: { ...last.snapshot, name: edit.after } }];
  } else {
    done = [...history.done, edit].slice(-HISTORY_LIMIT);
  }
  return noteRevisions({ ...history, done, undone: [] }, revisions);
}

export function canUndo(history: History): boolean {
  return history.done.length > 0;
}

export function canRedo(history: History): boolean {
  return history.undone.length > 0;
}

/** The edit that undo or redo would apply next. */
export function nextEdit(history: History, direction: Direction): Edit | undefined {
  const stack = direction === "undo" ? history.done : history.undone;
  return stack[stack.length - 1];
}

/** The call that undoes (or redoes) the next edit, or null when there is none. */
export function plan(history: History, direction: Direction): Call | null {
  const edit = nextEdit(history, direction);
  if (!edit) return null;
  const id = (raw: number) => currentId(history, raw);
  const revision = (raw: number) => history.revisions.get(id(raw));
  // Undoing a create deletes; undoing a delete creates again: the same two calls, swapped.
  const removes = (edit.kind === "create") === (direction === "undo");
  switch (edit.kind) {
    case "create":
    case "delete":
      return removes
        ? { call: "delete", nodeId: id(edit.snapshot.id), revision: revision(edit.snapshot.id) }
        : { call: "create", parentId: id(edit.place.parentId), position: edit.place.position, snapshot: edit.snapshot };
    case "rename":
      return { call: "rename", nodeId: id(edit.nodeId), name: direction === "undo" ? edit.before : edit.after, revision: revision(edit.nodeId) };
    case "move": {
      const place = direction === "undo" ? edit.from : edit.to;
      return { call: "move", nodeId: id(edit.nodeId), parentId: id(place.parentId), position: place.position, revision: revision(edit.nodeId) };
    }
  }
}

/** Every id a snapshot names. */
export function snapshotIds(snapshot: SubtreeSnapshot): number[] {
  const ids: number[] = [];
  const stack = [snapshot];
  while (stack.length) {
    const node = stack.pop()!;
    ids.push(node.id);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return ids;
}

export interface Outcome {
  /** For a recreate: each written node as [its id in the snapshot, the id the server gave it]. */
  recreated?: ReadonlyArray<readonly [number, number]>;
  /** Revisions the calls left nodes at (current ids); undefined forgets one. */
  revisions?: Iterable<[number, number | undefined]>;
}

/** The planned call went through: the edit moves to the other stack. */
export function applied(history: History, direction: Direction, outcome: Outcome = {}): History {
  const edit = nextEdit(history, direction);
  if (!edit) return history;
  let aliases = history.aliases;
  if (outcome.recreated && (edit.kind === "create" || edit.kind === "delete")) {
    const next = new Map(aliases);
    const named = new Set(snapshotIds(edit.snapshot));
    for (const [oldId, fresh] of outcome.recreated) {
      // Only the edit's own nodes: an id from elsewhere must not redirect another node.
      if (!named.has(oldId)) continue;
      const was = currentId(history, oldId);
      if (fresh !== was) next.set(was, fresh);
    }
    aliases = next;
  }
  const moved = { ...history, aliases };
  const result =
    direction === "undo"
      ? { ...moved, done: history.done.slice(0, -1), undone: [...history.undone, edit] }
      : { ...moved, undone: history.undone.slice(0, -1), done: [...history.done, edit] };
  return noteRevisions(result, outcome.revisions ?? []);
}

/**
 * The planned call was refused (a conflict: someone else changed the node, or it is gone): the
 * edit cannot be applied safely any more and leaves the history.
 */
export function dropped(history: History, direction: Direction): History {
  return direction === "undo" ? { ...history, done: history.done.slice(0, -1) } : { ...history, undone: history.undone.slice(0, -1) };
}

interface SnapshotSource {
  id: number;
  name: string;
  type: string;
  desc?: string;
  attributes?: Record<string, unknown>;
  childs: SnapshotSource[];
}

/** A snapshot of a tree as searchTree answers it (full view: with descriptions and attributes). */
export function snapshotOf(node: SnapshotSource): SubtreeSnapshot {
  const attributes = node.attributes && Object.keys(node.attributes).length > 0 ? node.attributes : undefined;
  return { id: node.id, name: node.name, type: node.type, desc: node.desc || undefined, attributes, children: node.childs.map(snapshotOf) };
}

/** The same snapshot naming the ids its nodes were written with ([snapshot id, new id]): a pasted copy as created. */
export function withIds(snapshot: SubtreeSnapshot, recreated: ReadonlyArray<readonly [number, number]>): SubtreeSnapshot {
  const fresh = new Map(recreated);
  const renumber = (node: SubtreeSnapshot): SubtreeSnapshot => ({ ...node, id: fresh.get(node.id) ?? node.id, children: node.children.map(renumber) });
  return renumber(snapshot);
}

/** The history as text (kept per graph in sessionStorage, so undo survives a reload). */
export function serialise(history: History): string {
  return JSON.stringify({ done: history.done, undone: history.undone, aliases: [...history.aliases], revisions: [...history.revisions] });
}

export function deserialise(text: string | null): History {
  if (!text) return emptyHistory();
  try {
    const raw = JSON.parse(text);
    if (!Array.isArray(raw.done) || !Array.isArray(raw.undone)) return emptyHistory();
    return { done: raw.done, undone: raw.undone, aliases: new Map(raw.aliases ?? []), revisions: new Map(raw.revisions ?? []) };
  } catch {
    return emptyHistory();
  }
}
