import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { KnowledgeTree, type KnowledgeTreeProps } from "@/components/graph/knowledge-tree";
import type { TreeNode } from "@/lib/api/graph-types";
import messages from "@/messages/zh-CN.json";

function node(id: number, name: string, childs: TreeNode[] = []): TreeNode {
  return { id, parentId: 0, name, type: "KnowledgeUnit", order: id, level: 1, childs } as unknown as TreeNode;
}

beforeAll(() => {
  // jsdom has no ResizeObserver; the tree only measures its viewport with it.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

afterEach(cleanup);

function renderTree(overrides: Partial<KnowledgeTreeProps>) {
  const root = node(1, "数据结构", [node(2, "第一章")]);
  const props: KnowledgeTreeProps = {
    root,
    looks: new Map(),
    collapsed: new Set(),
    selectedId: null,
    checked: new Set(),
    editable: true,
    renamingId: null,
    adding: null,
    typesForAdding: [],
    onToggle: vi.fn(),
    onSelect: vi.fn(),
    onCheck: vi.fn(),
    onStartRename: vi.fn(),
    onRename: vi.fn(),
    onCancel: vi.fn(),
    onStartAdd: vi.fn(),
    onAdd: vi.fn(),
    onDelete: vi.fn(),
    onOpenDetail: vi.fn(),
    onDrop: vi.fn(),
    ...overrides,
  };
  render(
    <NextIntlClientProvider locale="zh-CN" messages={messages}>
      <KnowledgeTree {...props} onDeleteChecked={vi.fn()} onClearChecked={vi.fn()} />
    </NextIntlClientProvider>,
  );
  return props;
}

describe("naming a node in the tree", () => {
  it("sends a new name once, even when the input loses focus before the tree takes it in", () => {
    const props = renderTree({ adding: { anchorId: 2, mode: "child" } });
    const input = screen.getByTestId("tree-new-name");
    fireEvent.change(input, { target: { value: "重复的点" } });
    fireEvent.keyDown(input, { key: "Enter" });
    fireEvent.blur(input);
    expect(props.onAdd).toHaveBeenCalledTimes(1);
    expect(props.onAdd).toHaveBeenCalledWith("重复的点", undefined);
    expect(props.onCancel).not.toHaveBeenCalled();
  });

  it("a rename sent with Enter is not cancelled or sent again by the blur that follows", () => {
    const props = renderTree({ renamingId: 2 });
    const input = screen.getByTestId("tree-rename");
    fireEvent.change(input, { target: { value: "第1章" } });
    fireEvent.keyDown(input, { key: "Enter" });
    fireEvent.blur(input);
    expect(props.onRename).toHaveBeenCalledTimes(1);
    expect(props.onCancel).not.toHaveBeenCalled();
  });

  it("Escape cancels once and sends nothing", () => {
    const props = renderTree({ adding: { anchorId: 2, mode: "sibling" } });
    const input = screen.getByTestId("tree-new-name");
    fireEvent.change(input, { target: { value: "草稿" } });
    fireEvent.keyDown(input, { key: "Escape" });
    fireEvent.blur(input);
    expect(props.onAdd).not.toHaveBeenCalled();
    expect(props.onCancel).toHaveBeenCalledTimes(1);
  });
});
