"use client";
import { FileSearch, Link2 } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Select } from "@/components/ui/select";
import { useGraphOptions } from "@/hooks/use-graph-options";
import { ApiError } from "@/lib/api/client";
import { sourceApi, type TextSourceRow } from "@/lib/api/excavate";
import { toast } from "@/lib/feedback";

/** The name of the graph a material is bound to, from the user's graph list (its number when not in it). */
export function BoundGraphName({ graphId }: { graphId: number | null }) {
  const t = useTranslations("excavate");
  const { data } = useGraphOptions();
  if (graphId === null) return <span className="text-muted">{t("noGraph")}</span>;
  const graph = data?.items.find((item) => item.id === graphId);
  return <span data-testid="bound-graph">{graph?.name ?? t("graphNumber", { id: graphId })}</span>;
}

/** Row action of the material lists: binds an existing material to another graph the user may edit, or to none. */
export function SourceGraphBinding({ row, onDone }: { row: TextSourceRow; onDone: () => void }) {
  const t = useTranslations("excavate.binding");
  const te = useTranslations("excavate");
  const { data } = useGraphOptions();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string>(row.graphId ? String(row.graphId) : "");
  const [busy, setBusy] = useState(false);
  const editable = (data?.items ?? []).filter((graph) => graph.isEdit === 1 || graph.id === row.graphId);

  async function save() {
    setBusy(true);
    try {
      await sourceApi.rebind(row.id, choice ? Number(choice) : null);
      toast("success", { text: choice ? t("bound") : t("unbound") });
      setOpen(false);
      onDone();
    } catch (cause) {
      if (!(cause instanceof ApiError)) throw cause;
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setChoice(row.graphId ? String(row.graphId) : "");
      }}
    >
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)} data-testid="source-rebind">
        <Link2 size={13} />
        {t("action")}
      </Button>
      <DialogContent data-testid="rebind-dialog">
        <DialogTitle className="text-base font-semibold">{t("title", { name: row.name })}</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-muted">{t("explain")}</DialogDescription>
        <label className="mt-4 flex flex-col gap-1 text-sm">
          {te("graph")}
          <Select value={choice} onChange={(e) => setChoice(e.target.value)} data-testid="rebind-graph">
            <option value="">{te("noGraph")}</option>
            {editable.map((graph) => (
              <option key={graph.id} value={graph.id}>
                {graph.name}
              </option>
            ))}
          </Select>
        </label>
        <div className="mt-4 flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">{t("cancel")}</Button>
          </DialogClose>
          <Button disabled={busy} onClick={() => void save()} data-testid="rebind-save">
            {t("save")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The row actions every list of text materials offers: rebinding, and the image-text compare screen. */
export function SourceRowActions({ row, onDone, writes = true }: { row: TextSourceRow; onDone: () => void; writes?: boolean }) {
  const t = useTranslations("excavate.sources");
  return (
    <>
      {writes && <SourceGraphBinding row={row} onDone={onDone} />}
      <Button size="sm" variant="ghost" asChild>
        <Link href={`/image_text_compare/${row.id}`} target="_blank">
          <FileSearch size={13} />
          {t("compare")}
        </Link>
      </Button>
    </>
  );
}
