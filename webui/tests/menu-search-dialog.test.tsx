import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MenuSearchDialog } from "@/components/shell/menu-search-dialog";
import messages from "@/messages/zh-CN.json";

const entries = [
  { label: "知识图谱 > 图谱列表", path: "/knowledgeGraph/index" },
  { label: "后台管理 > 用户管理", path: "/userManage/index" },
  { label: "后台管理 > 单位管理", path: "/unitManager/index" },
];

function setup() {
  const onNavigate = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <NextIntlClientProvider locale="zh-CN" messages={messages}>
      <MenuSearchDialog open onOpenChange={onOpenChange} entries={entries} onNavigate={onNavigate} debounceMs={0} />
    </NextIntlClientProvider>,
  );
  const input = screen.getByRole("textbox");
  return { input, onNavigate, onOpenChange };
}

afterEach(cleanup);

describe("MenuSearchDialog", () => {
  it("lists matches and opens the highlighted one with Enter", () => {
    const { input, onNavigate, onOpenChange } = setup();
    fireEvent.change(input, { target: { value: "管理" } });
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["后台管理 > 用户管理", "后台管理 > 单位管理"]);
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(onNavigate).toHaveBeenCalledWith("/unitManager/index");
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("wraps the highlight with the arrow keys", () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: "管理" } });
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(screen.getAllByRole("option")[1].getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(screen.getAllByRole("option")[0].getAttribute("aria-selected")).toBe("true");
  });

  it("shows the no-data text when nothing matches and nothing for empty input", () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: "不存在" } });
    expect(screen.getByText("暂无搜索结果")).toBeTruthy();
    fireEvent.change(input, { target: { value: "" } });
    expect(screen.queryByText("暂无搜索结果")).toBeNull();
    expect(screen.queryAllByRole("option")).toHaveLength(0);
  });

  it("closes on Escape and on Cancel", () => {
    const { input, onOpenChange } = setup();
    fireEvent.keyDown(input, { key: "Escape" });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    onOpenChange.mockClear();
    fireEvent.click(screen.getByRole("button", { name: "取消" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("debounces typing by 200 ms", () => {
    vi.useFakeTimers();
    const onNavigate = vi.fn();
    render(
      <NextIntlClientProvider locale="zh-CN" messages={messages}>
        <MenuSearchDialog open onOpenChange={() => {}} entries={entries} onNavigate={onNavigate} />
      </NextIntlClientProvider>,
    );
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "用户" } });
    expect(screen.queryAllByRole("option")).toHaveLength(0);
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getAllByRole("option")).toHaveLength(1);
    vi.useRealTimers();
  });
});
