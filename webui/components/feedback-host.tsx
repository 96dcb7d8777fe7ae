"use client";
import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { closeModal, currentModal, runModalAction, currentToasts, dismissToast, subscribeFeedback } from "@/lib/feedback";
import { cn } from "@/lib/utils";

const EMPTY: never[] = [];
/** More toasts at once would reach down over the page; the newest are shown, the others still expire. */
export const MAX_VISIBLE_TOASTS = 3;

/**
 * Renders the toasts (3 s each) and the modal raised through lib/feedback. Toasts sit at the top
 * centre, where messages appear in the original (its message channel): the header has nothing there,
 * while the right edge carries the header's buttons and every page's actions (toolbars, row buttons).
 */
export function FeedbackHost() {
  const t = useTranslations("feedback");
  const toasts = useSyncExternalStore(subscribeFeedback, currentToasts, () => EMPTY);
  const modal = useSyncExternalStore(subscribeFeedback, currentModal, () => null);
  return (
    <>
      <div
        className="pointer-events-none fixed left-1/2 top-2 z-[60] flex w-max max-w-[min(24rem,calc(100vw-2rem))] -translate-x-1/2 flex-col items-center gap-2"
        role="status"
        aria-live="polite"
        data-testid="toasts"
      >
        {toasts.slice(-MAX_VISIBLE_TOASTS).map((item) => (
          <div
            key={item.id}
            data-testid="toast"
            onClick={() => dismissToast(item.id)}
            className={cn(
              "pointer-events-auto rounded-md border bg-card px-3 py-2 text-sm shadow-lg",
              item.kind === "error" ? "border-danger/40" : item.kind === "success" ? "border-success/40" : "border-border",
            )}
          >
            {item.key ? t(item.key) : item.text}
          </div>
        ))}
      </div>
      <Dialog open={modal !== null} onOpenChange={(open) => !open && closeModal()}>
        <DialogContent data-testid="modal">
          <DialogTitle className="mb-2 text-base font-semibold">{modal ? t(modal.titleKey) : ""}</DialogTitle>
          <DialogDescription className="mb-4 text-sm">{modal?.key ? t(modal.key) : modal?.text}</DialogDescription>
          <div className="flex justify-end gap-2">
            {modal?.actionKey && (
              <Button variant="outline" onClick={runModalAction} data-testid="modal-action">
                {t(modal.actionKey)}
              </Button>
            )}
            <Button onClick={closeModal}>{t("ok")}</Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
