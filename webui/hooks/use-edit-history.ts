"use client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ApiError } from "@/lib/api/client";
import { nodeApi } from "@/lib/api/graph";
import type { GraphNode } from "@/lib/api/graph-types";
import { toast } from "@/lib/feedback";
import { dropTarget, type DropPlace } from "@/lib/graph/tree-ops";
import {
  applied,
  canRedo,
  canUndo,
  deserialise,
  dropped,
  plan,
  record,
  serialise,
  snapshotOf,
  withIds,
  type Call,
  type Direction,
  type Edit,
  type History,
  type Outcome,
  type SubtreeSnapshot,
} from "@/lib/graph/undo-history";
import type { GraphEditor } from "./use-graph-editor";

const storageKey = (graphId: number) => `zhitu.undo.${graphId}`;

function loadHistory(graphId: number): History {
  if (typeof window === "undefined") return deserialise(null);
  return deserialise(window.sessionStorage.getItem(storageKey(graphId)));
}

/**
 * The mind map's edits with undo and redo (issue 17): every edit goes through here, is recorded
 * with its inverse (lib/graph/undo-history) and kept per graph for the browser session, so undo
 * works across a reload. Inverse calls name revisions, so another editor's change since answers a
 * conflict (the client shows it) and the tree is fetched again.
 */
export function useEditHistory(editor: GraphEditor) {
  const { graphId, index, refresh, ref } = editor;
  const [history, setHistory] = useState<History>(() => loadHistory(graphId));
  const latest = useRef(history);
  latest.current = history;
  const busy = useRef(false);
  /** Settles once every edit started so far is recorded (undo waits for it). */
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    window.sessionStorage.setItem(storageKey(graphId), serialise(history));
  }, [graphId, history]);

  const keep = useCallback((next: History) => {
    latest.current = next;
    setHistory(next);
  }, []);
  const note = useCallback((edit: Edit, revisions: [number, number | undefined][] = []) => keep(record(latest.current, edit, revisions)), [keep]);

  /** The revision to name for a node: this session's own last write, else the tree's. */
  const revisionOf = useCallback((id: number, known?: number) => known ?? index.get(id)?.node.revision, [index]);

  /** Write a snapshot back under `parentId` at `position`; answers each node's old id with its new one. */
  const recreate = useCallback(
    async (snapshot: SubtreeSnapshot, parentId: number, position: number): Promise<Outcome> => {
      const recreated: [number, number][] = [];
      const revisions = new Map<number, number | undefined>();
      // Writing a child under a node moves the node's revision on: the existing parent is not
      // checked (a node coming back overwrites nothing) and its revision is forgotten; the new
      // nodes' revisions are followed exactly.
      const write = async (node: SubtreeSnapshot, parent: number, at: number, expected: number | undefined) => {
        const created: GraphNode = await nodeApi.createAt({ graphId, nodeId: parent, revision: expected }, at, node);
        revisions.set(parent, expected === undefined ? undefined : expected + 1);
        recreated.push([node.id, created.id]);
        let revision = created.revision;
        if (node.attributes) revision = (await nodeApi.setAttributes({ graphId, nodeId: created.id, revision }, node.attributes)).revision;
        revisions.set(created.id, revision);
        for (const [childAt, child] of node.children.entries()) {
          await write(child, created.id, childAt, revisions.get(created.id));
        }
      };
      await write(snapshot, parentId, position, undefined);
      return { recreated, revisions };
    },
    [graphId],
  );

  const execute = useCallback(
    async (call: Call): Promise<Outcome> => {
      switch (call.call) {
        case "create":
          return recreate(call.snapshot, call.parentId, call.position);
        case "delete":
          await nodeApi.remove({ graphId, nodeId: call.nodeId, revision: revisionOf(call.nodeId, call.revision) });
          return {};
        case "rename": {
          const node = await nodeApi.rename({ graphId, nodeId: call.nodeId, revision: revisionOf(call.nodeId, call.revision) }, call.name);
          return { revisions: [[node.id, node.revision]] };
        }
        case "move": {
          const node = await nodeApi.move({ graphId, nodeId: call.nodeId, revision: revisionOf(call.nodeId, call.revision) }, call.parentId, call.position);
          return { revisions: [[node.id, node.revision]] };
        }
      }
    },
    [graphId, recreate, revisionOf],
  );

  /** Undo or redo the next edit; false when there was none or it could not be applied. */
  const step = useCallback(
    async (direction: Direction): Promise<boolean> => {
      // An edit still on its way is the last one done: it must be recorded before undo picks one.
      await inFlight.current;
      const call = plan(latest.current, direction);
      if (!call) {
        toast("info", { key: direction === "undo" ? "nothingToUndo" : "nothingToRedo" });
        return false;
      }
      if (busy.current) return false;
      busy.current = true;
      try {
        const outcome = await execute(call);
        keep(applied(latest.current, direction, outcome));
        toast("success", { key: direction === "undo" ? "undone" : "redone" });
        return true;
      } catch (error) {
        // A conflict (someone else changed the node) or a node gone: this edit cannot be applied
        // safely any more. The client has said so; the tree is fetched again below.
        if (error instanceof ApiError && error.status !== null) keep(dropped(latest.current, direction));
        return false;
      } finally {
        busy.current = false;
        await refresh();
      }
    },
    [execute, keep, refresh],
  );

  const actions = useMemo(() => {
    /**
     * Run an edit, record it as soon as the server has answered (before the tree is fetched
     * again), then refresh. While it runs, an undo waits for it (see `step`): otherwise an undo
     * pressed during the refresh would undo the edit before this one.
     */
    const edit = <T,>(work: () => Promise<T>, recordIt: (result: T) => void): Promise<T> => {
      const running = (async () => {
        try {
          const result = await work();
          recordIt(result);
          return result;
        } finally {
          await refresh();
        }
      })();
      inFlight.current = Promise.allSettled([inFlight.current, running]);
      return running;
    };
    return {
      addChild: (parentId: number, name: string, type?: string) => {
        const expected = ref(parentId).revision;
        return edit(
          () => nodeApi.create(ref(parentId), name, "child", type),
          (created) =>
            note({ kind: "create", snapshot: { id: created.id, name: created.name, type: created.type, children: [] }, place: { parentId, position: created.order } }, [
              [created.id, created.revision],
              [parentId, expected === undefined ? undefined : expected + 1],
            ]),
        );
      },
      addSibling: (nodeId: number, name: string, type?: string) =>
        edit(
          () => nodeApi.create(ref(nodeId), name, "sibling", type),
          (created) =>
            note({ kind: "create", snapshot: { id: created.id, name: created.name, type: created.type, children: [] }, place: { parentId: created.parentId!, position: created.order } }, [
              [created.id, created.revision],
              [created.parentId!, undefined],
            ]),
        ),
      rename: (nodeId: number, name: string) => {
        const before = index.get(nodeId)?.node.name ?? "";
        return edit(
          () => nodeApi.rename(ref(nodeId), name),
          (node) => note({ kind: "rename", nodeId, before, after: node.name }, [[nodeId, node.revision]]),
        );
      },
      /** Delete a subtree, snapshotted first (descriptions and attributes too) so undo can write it back. */
      remove: async (nodeId: number) => {
        const entry = index.get(nodeId);
        const { result } = await edit(
          async () => {
            const answer = await nodeApi.subtree(graphId, nodeId);
            return { answer, result: await nodeApi.remove(ref(nodeId)) };
          },
          ({ answer }) => {
            if (entry && entry.parentId !== null && answer.tree) note({ kind: "delete", snapshot: snapshotOf(answer.tree), place: { parentId: entry.parentId, position: entry.position } });
          },
        );
        return result;
      },
      /** Drop `nodeId` before, after or inside `targetId`; false when the tree forbids it. */
      drop: async (nodeId: number, targetId: number, place: DropPlace) => {
        const entry = index.get(nodeId);
        const target = dropTarget(index, nodeId, targetId, place);
        if (!target || !entry || entry.parentId === null) return false;
        await edit(
          () => nodeApi.move(ref(nodeId), target.parentId, target.position),
          (moved) => note({ kind: "move", nodeId, from: { parentId: entry.parentId!, position: entry.position }, to: target }, [[nodeId, moved.revision]]),
        );
        return true;
      },
      /** A copied subtree written as the last child of `parentId`. */
      paste: async (snapshot: SubtreeSnapshot, parentId: number) => {
        const position = index.get(parentId)?.node.childs.length ?? 0;
        const outcome = await edit(
          () => recreate(snapshot, parentId, position),
          (written) => note({ kind: "create", snapshot: withIds(snapshot, written.recreated ?? []), place: { parentId, position } }, [...(written.revisions ?? [])]),
        );
        return outcome.recreated?.[0]?.[1];
      },
      /** A subtree as it is now, to copy. */
      copy: async (nodeId: number) => {
        const answer = await nodeApi.subtree(graphId, nodeId);
        return answer.tree ? snapshotOf(answer.tree) : null;
      },
    };
  }, [graphId, index, note, recreate, ref, refresh]);

  return { actions, undo: () => step("undo"), redo: () => step("redo"), canUndo: canUndo(history), canRedo: canRedo(history) };
}
