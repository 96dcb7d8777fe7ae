"use client";
import { createContext, useContext, useSyncExternalStore } from "react";

/**
 * Which nodes and edges the relation graph brings forward: the focused (selected) node with its
 * neighbours, and the hovered one with its neighbours. Kept outside React Flow's node list so a
 * hover or a click re-renders only the bubbles and edges whose look changes, never the whole list.
 */
export interface Emphasis {
  focusId: number | null;
  hoverId: number | null;
  /** The focused node and its neighbours: the rest fades. */
  focused: ReadonlySet<number>;
  /** Nodes whose label shows below the label zoom: the focused and hovered nodes and their neighbours. */
  lit: ReadonlySet<number>;
}

const NOBODY: ReadonlySet<number> = new Set();

export function createEmphasisStore() {
  let neighbours = new Map<number, Set<number>>();
  let state: Emphasis = { focusId: null, hoverId: null, focused: NOBODY, lit: NOBODY };
  const listeners = new Set<() => void>();
  const around = (id: number | null): Set<number> => (id === null ? new Set() : new Set([id, ...(neighbours.get(id) ?? [])]));
  const update = (focusId: number | null, hoverId: number | null) => {
    const focused = around(focusId);
    const lit = new Set([...focused, ...around(hoverId)]);
    state = { focusId, hoverId, focused, lit };
    listeners.forEach((listener) => listener());
  };
  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    focus: (id: number | null) => update(id, state.hoverId),
    hover: (id: number | null) => (id === state.hoverId ? undefined : update(state.focusId, id)),
    /** The relations on show changed: neighbourhoods follow them. */
    setNeighbours(next: Map<number, Set<number>>) {
      neighbours = next;
      update(state.focusId, state.hoverId);
    },
  };
}

export type EmphasisStore = ReturnType<typeof createEmphasisStore>;

export const EmphasisContext = createContext<EmphasisStore | null>(null);

/** One value derived from the emphasis; the component re-renders only when that value changes. */
export function useEmphasis<T>(pick: (emphasis: Emphasis) => T): T {
  const store = useContext(EmphasisContext);
  if (!store) throw new Error("useEmphasis outside EmphasisContext");
  return useSyncExternalStore(store.subscribe, () => pick(store.get()), () => pick(store.get()));
}
