import { describe, expect, it } from "vitest";
import { arrowTarget, commandOf, type DrawnNode } from "@/lib/graph/map-keys";

const press = (key: string, extra: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...extra });

describe("mind map keys", () => {
  it("maps XMind's keys to commands", () => {
    expect(commandOf(press("Tab"))).toBe("addChild");
    expect(commandOf(press("Tab", { shiftKey: true }))).toBeNull();
    expect(commandOf(press("Enter"))).toBe("addSibling");
    expect(commandOf(press("Delete"))).toBe("remove");
    expect(commandOf(press("F2"))).toBe("rename");
    expect(commandOf(press(" "))).toBe("toggle");
    expect(commandOf(press("?", { shiftKey: true }))).toBe("help");
    expect(commandOf(press("z", { ctrlKey: true }))).toBe("undo");
    expect(commandOf(press("Z", { metaKey: true, shiftKey: true }))).toBe("redo");
    expect(commandOf(press("y", { ctrlKey: true }))).toBe("redo");
    expect(commandOf(press("c", { metaKey: true }))).toBe("copy");
    expect(commandOf(press("v", { ctrlKey: true }))).toBe("paste");
    expect(commandOf(press("a"))).toBeNull();
  });

  // root 1; on the right 2 (children 4, 5), on the left 3 (child 6).
  const nodes: DrawnNode[] = [
    { id: 1, parentId: null, side: "root", y: 100, height: 40 },
    { id: 2, parentId: 1, side: "right", y: 40, height: 20 },
    { id: 3, parentId: 1, side: "left", y: 110, height: 20 },
    { id: 7, parentId: 1, side: "right", y: 200, height: 20 },
    { id: 4, parentId: 2, side: "right", y: 20, height: 20 },
    { id: 5, parentId: 2, side: "right", y: 50, height: 20 },
    { id: 6, parentId: 3, side: "left", y: 110, height: 20 },
  ];

  it("moves outwards to the nearest child and inwards to the parent, by side", () => {
    expect(arrowTarget(nodes, 1, "right")).toBe(2);
    expect(arrowTarget(nodes, 1, "left")).toBe(3);
    expect(arrowTarget(nodes, 2, "right")).toBe(5);
    expect(arrowTarget(nodes, 5, "left")).toBe(2);
    expect(arrowTarget(nodes, 3, "left")).toBe(6);
    expect(arrowTarget(nodes, 6, "right")).toBe(3);
    expect(arrowTarget(nodes, 4, "right")).toBeNull();
  });

  it("moves up and down among the siblings on the same side", () => {
    expect(arrowTarget(nodes, 2, "down")).toBe(7);
    expect(arrowTarget(nodes, 7, "up")).toBe(2);
    expect(arrowTarget(nodes, 2, "up")).toBeNull();
    expect(arrowTarget(nodes, 1, "up")).toBeNull();
  });
});
