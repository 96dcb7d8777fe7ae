"use client";
import { Library, Undo2 } from "lucide-react";
import { useParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { DropdownMenuItem } from "@/components/ui/dropdown-menu";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api/client";
import { graphApi } from "@/lib/api/graph";
import { libraryApi, PUBLIC_STATE } from "@/lib/api/library";
import { toast } from "@/lib/feedback";

/** Where a graph stands with the public library: its last publish, review or withdrawal (none: never offered). */
export function libraryStateOf(records: { publicState?: number | null }[] | undefined): number | null {
  const last = records?.length ? records[records.length - 1].publicState : null;
  return last === undefined ? null : last;
}

/**
 * The graph menu's library entries, valid for the graph's state: 申请入库 (offer to the library, after
 * a confirmation with a description) when it is not in the library nor waiting; withdrawing the
 * request while it waits, or taking the graph out once published. The dialogs live outside the
 * menu (a closed menu unmounts its items): render `dialogs` next to the menu. The graph is the
 * route's unless `graphIdOfRow` names one (a graph list row); `active` false defers the state's fetch
 * (a row's menu asks only once it has been opened); `onChanged` runs after an offer or a withdrawal
 * (a list refreshes its row at once).
 */
export function useLibraryOffer(
  editable: boolean,
  graphIdOfRow?: number,
  active = true,
  onChanged?: () => void,
): { items: React.ReactNode; dialogs: React.ReactNode } {
  const t = useTranslations("library.offer");
  const params = useParams<{ graphId?: string }>();
  const graphId = graphIdOfRow ?? Number(params?.graphId);
  const known = active && editable && Number.isInteger(graphId) && graphId > 0;
  const { data: records, mutate } = useSWR(known ? ["library-record", graphId] : null, () => libraryApi.record(graphId), { shouldRetryOnError: false });
  const [offering, setOffering] = useState(false);
  const [summary, setSummary] = useState("");
  const [busy, setBusy] = useState(false);
  const [confirmDialog, ask] = useConfirm();
  if (!known || records === undefined) return { items: null, dialogs: null };

  const state = libraryStateOf(records);
  const inLibrary = state === PUBLIC_STATE.wait || state === PUBLIC_STATE.publish;

  async function offer() {
    setBusy(true);
    try {
      await graphApi.libraryPublish(graphId, summary);
      toast("success", { text: t("offered") });
      setOffering(false);
      setSummary("");
      void mutate();
      onChanged?.();
    } catch (cause) {
      if (!(cause instanceof ApiError)) throw cause;
    } finally {
      setBusy(false);
    }
  }

  async function withdraw() {
    if (!(await ask(state === PUBLIC_STATE.wait ? t("withdrawQuestion") : t("removeQuestion")))) return;
    try {
      await graphApi.libraryWithdraw(graphId);
      toast("success", { text: t("withdrawn") });
      void mutate();
      onChanged?.();
    } catch (cause) {
      if (!(cause instanceof ApiError)) throw cause;
    }
  }

  const items = inLibrary ? (
    <DropdownMenuItem onSelect={() => void withdraw()} data-testid="library-withdraw">
      <Undo2 size={14} />
      {state === PUBLIC_STATE.wait ? t("withdraw") : t("remove")}
    </DropdownMenuItem>
  ) : (
    <DropdownMenuItem onSelect={() => setOffering(true)} data-testid="library-publish">
      <Library size={14} />
      {t("offer")}
    </DropdownMenuItem>
  );
  const dialogs = (
    <>
      <Dialog open={offering} onOpenChange={(open) => !busy && setOffering(open)}>
        <DialogContent className="top-[12vh]" data-testid="library-offer-dialog">
          <DialogTitle className="mb-1 text-base font-semibold">{t("title")}</DialogTitle>
          <DialogDescription className="mb-3 text-sm text-muted">{t("explain")}</DialogDescription>
          <label htmlFor="library-summary" className="text-sm text-muted">
            {t("summary")}
          </label>
          <Textarea id="library-summary" rows={4} value={summary} placeholder={t("summaryHint")} onChange={(e) => setSummary(e.target.value)} data-testid="library-summary" />
          <div className="mt-3 flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOffering(false)} disabled={busy}>
              {t("cancel")}
            </Button>
            <Button onClick={() => void offer()} disabled={busy} data-testid="library-offer-confirm">
              {t("confirm")}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
      {confirmDialog}
    </>
  );
  return { items, dialogs };
}
