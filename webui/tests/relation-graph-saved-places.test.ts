import { beforeEach, describe, expect, it } from "vitest";
import { clearSavedPlaces, loadSavedPlaces, savePlace, savedPlacesKey } from "@/lib/graph/saved-places";

const stored = (graphId: number) => JSON.parse(window.localStorage.getItem(savedPlacesKey(graphId)) ?? "null");

describe("saved places of dragged relation-graph bubbles", () => {
  beforeEach(() => window.localStorage.clear());

  it("loads nothing for a graph never arranged", () => {
    expect(loadSavedPlaces(7, [1, 2, 3]).size).toBe(0);
  });

  it("loads what was saved, per graph", () => {
    savePlace(7, 1, { x: 10.5, y: -20 });
    savePlace(7, 2, { x: 0, y: 0 });
    savePlace(8, 1, { x: 99, y: 99 });
    savePlace(7, 1, { x: 11, y: -21 });
    expect(loadSavedPlaces(7, [1, 2, 3])).toEqual(new Map([[1, { x: 11, y: -21 }], [2, { x: 0, y: 0 }]]));
    expect(loadSavedPlaces(8, [1])).toEqual(new Map([[1, { x: 99, y: 99 }]]));
  });

  it("ignores and prunes the places of nodes that no longer exist", () => {
    savePlace(7, 1, { x: 1, y: 1 });
    savePlace(7, 2, { x: 2, y: 2 });
    expect(loadSavedPlaces(7, [2, 5])).toEqual(new Map([[2, { x: 2, y: 2 }]]));
    expect(stored(7)).toEqual({ 2: { x: 2, y: 2 } });
    expect(loadSavedPlaces(7, [5]).size).toBe(0);
    expect(window.localStorage.getItem(savedPlacesKey(7))).toBeNull();
  });

  it("skips malformed storage and places", () => {
    window.localStorage.setItem(savedPlacesKey(7), "{not json");
    expect(loadSavedPlaces(7, [1]).size).toBe(0);
    window.localStorage.setItem(savedPlacesKey(7), JSON.stringify({ 1: { x: "a", y: 2 }, 2: { x: 3, y: 4 }, abc: { x: 1, y: 1 }, 3: null }));
    expect(loadSavedPlaces(7, [1, 2, 3])).toEqual(new Map([[2, { x: 3, y: 4 }]]));
    window.localStorage.setItem(savedPlacesKey(7), "[1,2]");
    expect(loadSavedPlaces(7, [0, 1]).size).toBe(0);
    savePlace(7, 4, { x: Number.NaN, y: 1 });
    expect(loadSavedPlaces(7, [4]).size).toBe(0);
  });

  it("clears one graph's places only", () => {
    savePlace(7, 1, { x: 1, y: 1 });
    savePlace(8, 1, { x: 2, y: 2 });
    clearSavedPlaces(7);
    expect(loadSavedPlaces(7, [1]).size).toBe(0);
    expect(loadSavedPlaces(8, [1]).size).toBe(1);
  });
});
