import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import { FeedbackHost, MAX_VISIBLE_TOASTS } from "@/components/feedback-host";
import { currentToasts, dismissToast, toast } from "@/lib/feedback";
import messages from "@/messages/zh-CN.json";

afterEach(() => {
  act(() => currentToasts().forEach((shown) => dismissToast(shown.id)));
  cleanup();
});

function host() {
  render(
    <NextIntlClientProvider locale="zh-CN" messages={messages}>
      <FeedbackHost />
    </NextIntlClientProvider>,
  );
}

describe("toasts", () => {
  it("show at most three at once, the newest, so a burst does not reach down over the page", () => {
    host();
    act(() => ["一", "二", "三", "四", "五"].forEach((text) => toast("success", { text })));
    expect(MAX_VISIBLE_TOASTS).toBe(3);
    expect(screen.getAllByTestId("toast").map((shown) => shown.textContent)).toEqual(["三", "四", "五"]);
  });

  it("sit at the top centre, away from the buttons along the right edge, and close when clicked", () => {
    host();
    act(() => toast("success", { key: "copied" }));
    expect(screen.getByTestId("toasts").className).toMatch(/left-1\/2.*-translate-x-1\/2/);
    fireEvent.click(screen.getByTestId("toast"));
    expect(screen.queryByTestId("toast")).toBeNull();
  });
});
