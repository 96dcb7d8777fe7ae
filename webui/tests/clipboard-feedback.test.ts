import { afterEach, describe, expect, it, vi } from "vitest";
import { copyWithFeedback } from "@/lib/clipboard";
import { currentToasts, dismissToast } from "@/lib/feedback";

afterEach(() => {
  currentToasts().forEach((shown) => dismissToast(shown.id));
  vi.restoreAllMocks();
});

// jsdom has no document.execCommand: the copy's last resort is stood in for here.
function lastResort(copied: boolean) {
  (document as unknown as { execCommand: (command: string) => boolean }).execCommand = () => copied;
}

describe("copying with feedback", () => {
  it("says it copied when the browser copied", async () => {
    lastResort(true);
    await copyWithFeedback("第二章");
    expect(currentToasts().map((shown) => [shown.kind, shown.key])).toEqual([["success", "copied"]]);
  });

  it("says it could not copy when the browser refused, instead of saying nothing", async () => {
    lastResort(false);
    await copyWithFeedback("第二章");
    expect(currentToasts().map((shown) => [shown.kind, shown.key])).toEqual([["warning", "copyFailed"]]);
  });
});
