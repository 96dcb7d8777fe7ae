import { describe, expect, it } from "vitest";
import { applied, canRedo, canUndo, currentId, dropped, emptyHistory, plan, record, snapshotIds, type SubtreeSnapshot } from "@/lib/graph/undo-history";

const leaf = (id: number, name: string): SubtreeSnapshot => ({ id, name, type: "KnowPoint", children: [] });

describe("undo history", () => {
  it("undoes a rename with the revision the session left the node at, then redoes it", () => {
    let history = record(emptyHistory(), { kind: "rename", nodeId: 5, before: "栈", after: "链栈" }, [[5, 3]]);
    expect(plan(history, "undo")).toEqual({ call: "rename", nodeId: 5, name: "栈", revision: 3 });
    history = applied(history, "undo", { revisions: [[5, 4]] });
    expect(canUndo(history)).toBe(false);
    expect(plan(history, "redo")).toEqual({ call: "rename", nodeId: 5, name: "链栈", revision: 4 });
    history = applied(history, "redo", { revisions: [[5, 5]] });
    expect(plan(history, "undo")).toMatchObject({ name: "栈", revision: 5 });
  });

  it("undoes a create by deleting and redoes it by creating again under the same parent", () => {
    let history = record(emptyHistory(), { kind: "create", snapshot: leaf(9, "新节点"), place: { parentId: 1, position: 2 } }, [[9, 1]]);
    expect(plan(history, "undo")).toEqual({ call: "delete", nodeId: 9, revision: 1 });
    history = applied(history, "undo");
    expect(plan(history, "redo")).toEqual({ call: "create", parentId: 1, position: 2, snapshot: leaf(9, "新节点") });
    history = applied(history, "redo", { recreated: [[9, 12]], revisions: [[12, 1]] });
    // The node lives on as 12: undoing again deletes 12.
    expect(plan(history, "undo")).toEqual({ call: "delete", nodeId: 12, revision: 1 });
  });

  it("merges a rename right after creating the node into the create", () => {
    let history = record(emptyHistory(), { kind: "create", snapshot: leaf(9, "新节点"), place: { parentId: 1, position: 0 } }, [[9, 1]]);
    history = record(history, { kind: "rename", nodeId: 9, before: "新节点", after: "队列" }, [[9, 2]]);
    expect(history.done).toHaveLength(1);
    expect(plan(history, "undo")).toEqual({ call: "delete", nodeId: 9, revision: 2 });
    history = applied(history, "undo");
    expect(plan(history, "redo")).toMatchObject({ call: "create", snapshot: { name: "队列" } });
  });

  it("brings a deleted subtree back and maps earlier edits onto the new ids", () => {
    const subtree: SubtreeSnapshot = { id: 4, name: "线性表", type: "KnowUnit", children: [leaf(5, "栈"), leaf(6, "队列")] };
    let history = record(emptyHistory(), { kind: "rename", nodeId: 5, before: "堆栈", after: "栈" }, [[5, 2]]);
    history = record(history, { kind: "delete", snapshot: subtree, place: { parentId: 1, position: 0 } });
    expect(plan(history, "undo")).toEqual({ call: "create", parentId: 1, position: 0, snapshot: subtree });
    expect(snapshotIds(subtree)).toEqual([4, 5, 6]);
    history = applied(history, "undo", { recreated: [[4, 40], [5, 50], [6, 60]], revisions: [[40, 3], [50, 1], [60, 1]] });
    expect(currentId(history, 5)).toBe(50);
    // The rename before the delete now names the recreated node and its revision.
    expect(plan(history, "undo")).toEqual({ call: "rename", nodeId: 50, name: "堆栈", revision: 1 });
    // Redo of the delete removes the recreated root.
    expect(plan(history, "redo")).toEqual({ call: "delete", nodeId: 40, revision: 3 });
  });

  it("follows ids through several recreations", () => {
    let history = record(emptyHistory(), { kind: "delete", snapshot: leaf(5, "栈"), place: { parentId: 1, position: 0 } });
    history = applied(history, "undo", { recreated: [[5, 50]] });
    history = applied(history, "redo");
    history = applied(history, "undo", { recreated: [[5, 51]] });
    expect(currentId(history, 5)).toBe(51);
  });

  // Issue 17: a drag undone after a branch came back went under the wrong one of two nodes named 栈.
  it("moves a node back under its own parent when a restored branch holds a node of the same name", () => {
    // root 1 ─ 栈 2 ─ 顺序存储栈 4
    //        └ 循环队列 3
    let history = record(emptyHistory(), {
      kind: "create",
      snapshot: { id: 5, name: "栈", type: "KnowUnit", children: [leaf(6, "顺序存储栈")] },
      place: { parentId: 3, position: 0 },
    }); // 栈 2 copied and pasted under 循环队列 3 as 栈 5 ─ 顺序存储栈 6
    history = record(history, { kind: "delete", snapshot: leaf(6, "顺序存储栈"), place: { parentId: 5, position: 0 } });
    const branch: SubtreeSnapshot = { id: 3, name: "循环队列", type: "KnowUnit", children: [leaf(5, "栈")] };
    history = record(history, { kind: "delete", snapshot: branch, place: { parentId: 1, position: 1 } });

    // Undo restores the branch; the restore reports old → new ids (in whatever order it wrote them).
    expect(plan(history, "undo")).toEqual({ call: "create", parentId: 1, position: 1, snapshot: branch });
    history = applied(history, "undo", { recreated: [[5, 8], [3, 7]] });
    expect([currentId(history, 3), currentId(history, 5), currentId(history, 2)]).toEqual([7, 8, 2]);
    // The leaf comes back under the restored 栈 (8), not the first 栈 (2).
    expect(plan(history, "undo")).toMatchObject({ call: "create", parentId: 8 });
    history = applied(history, "undo", { recreated: [[6, 9]] });
    // Redo both deletes, then undo the branch's again: a second generation of ids.
    expect(plan(history, "redo")).toMatchObject({ call: "delete", nodeId: 9 });
    history = applied(history, "redo");
    expect(plan(history, "redo")).toMatchObject({ call: "delete", nodeId: 7 });
    history = applied(history, "redo");
    history = applied(history, "undo", { recreated: [[3, 10], [5, 11]] });

    // 顺序存储栈 4 is dragged from 栈 2 into 循环队列 10; undo takes it back to 栈 2.
    history = record(history, { kind: "move", nodeId: 4, from: { parentId: 2, position: 0 }, to: { parentId: 10, position: 1 } }, [[4, 3]]);
    expect(plan(history, "undo")).toEqual({ call: "move", nodeId: 4, parentId: 2, position: 0, revision: 3 });
    history = applied(history, "undo", { revisions: [[4, 4]] });
    expect(plan(history, "redo")).toEqual({ call: "move", nodeId: 4, parentId: 10, position: 1, revision: 4 });
    // Undone further (the leaf comes back under 栈 11), the paste deletes the restored 栈 11, never 栈 2.
    expect(plan(history, "undo")).toMatchObject({ call: "create", parentId: 11 });
    history = applied(history, "undo", { recreated: [[6, 12]] });
    expect(plan(history, "undo")).toEqual({ call: "delete", nodeId: 11, revision: undefined });
  });

  it("maps only the restored edit's own nodes", () => {
    let history = record(emptyHistory(), { kind: "delete", snapshot: leaf(5, "栈"), place: { parentId: 1, position: 0 } });
    history = applied(history, "undo", { recreated: [[5, 50], [2, 51]] });
    expect([currentId(history, 5), currentId(history, 2)]).toEqual([50, 2]);
  });

  it("moves back to where the node came from", () => {
    const history = record(emptyHistory(), { kind: "move", nodeId: 7, from: { parentId: 1, position: 3 }, to: { parentId: 2, position: 0 } }, [[7, 8]]);
    expect(plan(history, "undo")).toEqual({ call: "move", nodeId: 7, parentId: 1, position: 3, revision: 8 });
    expect(plan(applied(history, "undo", { revisions: [[7, 9]] }), "redo")).toEqual({ call: "move", nodeId: 7, parentId: 2, position: 0, revision: 9 });
  });

  it("clears redo on a fresh edit and drops an edit a conflict refused", () => {
    let history = record(emptyHistory(), { kind: "rename", nodeId: 5, before: "a", after: "b" });
    history = record(history, { kind: "rename", nodeId: 6, before: "c", after: "d" });
    history = applied(history, "undo");
    expect(canRedo(history)).toBe(true);
    history = record(history, { kind: "rename", nodeId: 7, before: "e", after: "f" });
    expect(canRedo(history)).toBe(false);
    history = dropped(history, "undo");
    expect(plan(history, "undo")).toMatchObject({ nodeId: 5 });
    expect(plan(emptyHistory(), "undo")).toBeNull();
  });
});

describe("undo history helpers", () => {
  it("survives serialisation (a reload)", async () => {
    const { serialise, deserialise } = await import("@/lib/graph/undo-history");
    let history = record(emptyHistory(), { kind: "delete", snapshot: leaf(5, "栈"), place: { parentId: 1, position: 0 } });
    history = applied(history, "undo", { recreated: [[5, 50]], revisions: [[50, 1]] });
    const back = deserialise(serialise(history));
    expect(back).toEqual(history);
    expect(deserialise("not json")).toEqual(emptyHistory());
  });

  it("snapshots a full tree and renumbers a pasted copy", async () => {
    const { snapshotOf, withIds } = await import("@/lib/graph/undo-history");
    const snapshot = snapshotOf({ id: 4, name: "线性表", type: "KnowUnit", desc: "", attributes: {}, childs: [{ id: 5, name: "栈", type: "KnowPoint", desc: "后进先出", attributes: { hours: 2 }, childs: [] }] });
    expect(snapshot).toEqual({ id: 4, name: "线性表", type: "KnowUnit", desc: undefined, attributes: undefined, children: [{ id: 5, name: "栈", type: "KnowPoint", desc: "后进先出", attributes: { hours: 2 }, children: [] }] });
    expect(snapshotIds(withIds(snapshot, [[5, 50], [4, 40]]))).toEqual([40, 50]);
  });
});
