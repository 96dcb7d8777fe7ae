"use client";
import { CheckCircle2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { CrudManager } from "@/components/manage/crud-manager";
import { FormDialog } from "@/components/manage/form-dialog";
import { Button } from "@/components/ui/button";
import { trialApi, type TrialRow } from "@/lib/api/manage";
import { toast } from "@/lib/feedback";
import { formatTime } from "@/lib/manage/format";

/** /applyfor/index: trial applications; an admin approves (trial days) or rejects (opinion). */
export function TrialManager() {
  const t = useTranslations("manage.trials");
  const tm = useTranslations("manage");
  const [handling, setHandling] = useState<{ row: TrialRow; reload: () => void } | null>(null);
  const states = [
    { value: "0", label: t("pending") },
    { value: "1", label: t("approved") },
    { value: "2", label: t("rejected") },
  ];
  return (
    <>
      <CrudManager<TrialRow>
        resource="trials"
        title={t("title")}
        searchLabel={t("search")}
        load={trialApi.list}
        filters={[{ name: "state", label: t("state"), options: states }]}
        columns={[
          { key: "name", title: t("name") },
          { key: "unitName", title: t("unit") },
          { key: "tel", title: t("tel") },
          { key: "email", title: t("email") },
          { key: "reason", title: t("reason"), className: "max-w-64 truncate" },
          { key: "state", title: t("state"), render: (row) => states[row.state]?.label },
          { key: "handleOpinion", title: t("opinion") },
          { key: "createTime", title: t("createTime"), render: (row) => formatTime(row.createTime) },
        ]}
        rowActions={(row, reload) =>
          row.actions?.includes("handle") ? (
            <Button size="sm" variant="ghost" onClick={() => setHandling({ row, reload })} data-testid="row-handle">
              <CheckCircle2 size={13} />
              {t("handle")}
            </Button>
          ) : null
        }
      />
      <FormDialog
        open={handling !== null}
        onOpenChange={(open) => !open && setHandling(null)}
        title={t("handleTitle", { name: handling?.row.name ?? "" })}
        editing={false}
        form="trialDecision"
        initial={{ state: "1", days: "30", opinion: "" }}
        fields={[
          { name: "state", label: t("decision"), type: "select", required: true, options: [states[1], states[2]] },
          { name: "days", label: t("days"), type: "number", min: 1, max: 366, validate: (v, values) => (values.state === "1" && !v ? "required" : null) },
          { name: "opinion", label: t("opinion"), type: "textarea", rows: 3, validate: (v, values) => (values.state === "2" && !(typeof v === "string" && v.trim()) ? "required" : null) },
        ]}
        onSubmit={async (values) => {
          await trialApi.handle(handling!.row.id, values.state === "1" ? 1 : 2, String(values.opinion ?? "").trim(), values.state === "1" ? Number(values.days) : undefined);
          toast("success", { text: tm("saved") });
          handling!.reload();
        }}
      />
    </>
  );
}
