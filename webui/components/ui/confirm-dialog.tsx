"use client";
import { useTranslations } from "next-intl";
import { useCallback, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";

/** A yes/no question as a promise: `if (await ask(text)) …`. */
export function useConfirm(): [React.ReactNode, (text: string) => Promise<boolean>] {
  const t = useTranslations("common");
  const [text, setText] = useState<string | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);
  const ask = useCallback((question: string) => {
    setText(question);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const answer = (yes: boolean) => {
    resolver.current?.(yes);
    resolver.current = null;
    setText(null);
  };
  const dialog = (
    <Dialog open={text !== null} onOpenChange={(open) => !open && answer(false)}>
      <DialogContent data-testid="confirm">
        <DialogTitle className="mb-2 text-base font-semibold">{t("confirmTitle")}</DialogTitle>
        <DialogDescription className="mb-4 text-sm">{text}</DialogDescription>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => answer(false)}>
            {t("cancel")}
          </Button>
          <Button onClick={() => answer(true)} data-testid="confirm-yes">
            {t("confirm")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
  return [dialog, ask];
}
