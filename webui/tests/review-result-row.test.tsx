import { cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import { ResultRow } from "@/components/excavate/review-page";
import type { MiningResult } from "@/lib/api/excavate";
import { mergeMessages } from "@/lib/merge-messages";
import portal from "@/messages/portal/zh-CN.json";
import main from "@/messages/zh-CN.json";

const messages = mergeMessages(main, portal);

const row: MiningResult = {
  id: 7, taskId: 1, kind: "points", state: "pending", score: 0.9, payload: { term: "有限序列", count: 1 }, original: null,
  sourceId: 3, location: { start: 21, end: 25 }, targetNodeId: null, createdNodeId: null, createdNodeName: null,
  passage: { before: "第一章 线性表\n线性表是由零个或多个数据元素组成的", match: "有限序列", after: "。\n1.1 顺序表…" },
};

afterEach(cleanup);

describe("a review result's passage", () => {
  it("keeps the heading on a line of its own and the mined span highlighted", () => {
    render(
      <NextIntlClientProvider locale="zh-CN" messages={messages}>
        <ul>
          <ResultRow row={row} graphId={2} editable={["term"]} checked={false} onCheck={() => {}} onEdit={async () => true} />
        </ul>
      </NextIntlClientProvider>,
    );
    const shown = screen.getByTestId("result-passage");
    // The line breaks reach the page and are shown as such, not folded into spaces.
    expect(shown.className).toContain("whitespace-pre-line");
    expect(shown.textContent).toMatch(/^第一章 线性表\n线性表是由零个或多个数据元素组成的有限序列。\n1\.1 顺序表…/);
    expect(shown.querySelector("mark")?.textContent).toBe("有限序列");
  });

  it("shows a point's definition from the text, and none for a point the text only uses", () => {
    const defined: MiningResult = { ...row, id: 8, payload: { term: "线性表", count: 4, definition: "线性表是由零个或多个数据元素组成的有限序列。" } };
    render(
      <NextIntlClientProvider locale="zh-CN" messages={messages}>
        <ul>
          <ResultRow row={defined} graphId={2} editable={["term"]} checked={false} onCheck={() => {}} onEdit={async () => true} />
          <ResultRow row={row} graphId={2} editable={["term"]} checked={false} onCheck={() => {}} onEdit={async () => true} />
        </ul>
      </NextIntlClientProvider>,
    );
    const shown = screen.getAllByTestId("result-definition");
    expect(shown).toHaveLength(1);
    expect(shown[0].textContent).toBe("文中定义：线性表是由零个或多个数据元素组成的有限序列。");
  });
});
