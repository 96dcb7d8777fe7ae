import { cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import { ComparePageView } from "@/components/excavate/compare-page-view";
import type { ComparePage } from "@/lib/api/excavate";
import en from "@/messages/portal/en.json";
import zh from "@/messages/portal/zh-CN.json";

const page: ComparePage = {
  page: 2, width: 1000, height: 1400, ocr: true, ocrConfidence: 30.8, unreliable: true, image: null,
  lines: [{ text: "RRSP 和", box: [10, 10, 200, 40], start: 0, end: 7, confidence: 41.4 }],
};

function show(locale: "zh-CN" | "en", shown: ComparePage) {
  render(
    <NextIntlClientProvider locale={locale} messages={locale === "en" ? en : zh}>
      <ComparePageView page={shown} imageSrc={null} testId="compare" />
    </NextIntlClientProvider>,
  );
}

afterEach(cleanup);

describe("ComparePageView", () => {
  it("says a page OCR could not read reliably is skipped by mining, with its confidence", () => {
    show("zh-CN", page);
    expect(screen.getByTestId("compare-unreliable").textContent).toContain("挖掘时跳过");
    expect(screen.getByTestId("compare-page").textContent).toContain("识别可信度 31%");
    cleanup();
    show("en", page);
    expect(screen.getByTestId("compare-unreliable").textContent).toContain("skipped by mining");
  });

  it("says nothing of a page read well", () => {
    show("zh-CN", { ...page, ocrConfidence: 93, unreliable: false });
    expect(screen.queryByTestId("compare-unreliable")).toBeNull();
    expect(screen.getByTestId("compare-page").textContent).toContain("识别可信度 93%");
  });
});
