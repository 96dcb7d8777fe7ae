import { cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import { ImportReportView } from "@/components/graph-list/import-report";
import type { ImportPreview } from "@/lib/api/imports";
import messages from "@/messages/zh-CN.json";

const report = {
  source: "多画布.xmind", format: "xmind", nodesRead: 7, nodesCreated: 0, graphs: [],
  notCarried: [{ kind: "empty_sheet", label: "空白画布", count: 1 }, { kind: "image", label: "图片", count: 2 }],
  warnings: [{ key: "import.floating_topic", where: "多画布.xmind: 数据结构 > 课外阅读", message: "自由主题已挂到根节点下并标记" }],
  notices: [{ key: "import.empty_sheet", where: "多画布.xmind", message: "画布“画布 1”是空的，已跳过" }],
};

function show(preview: ImportPreview) {
  render(
    <NextIntlClientProvider locale="zh-CN" messages={messages}>
      <ImportReportView preview={preview} />
    </NextIntlClientProvider>,
  );
}

afterEach(cleanup);

describe("ImportReportView", () => {
  it("sums up what will be read and lists what is left out, with every note", () => {
    show({ sheets: [{ name: "第一章", nodes: 4 }, { name: "第二章", nodes: 3 }], problems: [], importReport: report });
    expect(screen.getByTestId("import-summary").textContent).toBe("将读取 7 个节点，生成 2 个图谱");
    expect(screen.getByTestId("import-not-carried").textContent).toContain("空白画布 × 1，图片 × 2");
    expect(screen.getByTestId("import-notes").textContent).toContain("提示与警告（2 条）");
    expect(screen.getByTestId("import-notes").textContent).toContain("画布“画布 1”是空的");
  });

  it("shows the problems instead of a summary when the file would be refused", () => {
    show({ sheets: [], problems: ["成绩.xlsx: sheet Sheet1：不是大纲，未导入（表格以数字为主，是数据表）"], importReport: { ...report, notCarried: [], warnings: [], notices: [] } });
    expect(screen.getByTestId("import-problems").textContent).toContain("有 1 个问题");
    expect(screen.queryByTestId("import-summary")).toBeNull();
  });
});
