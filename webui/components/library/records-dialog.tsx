"use client";
import { Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import useSWR from "swr";
import { ApprovalDialog } from "@/components/library/approval-dialog";
import { Pager } from "@/components/manage/pager";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useProjects } from "@/hooks/use-projects";
import { APPLY_LIST, APPLY_STATE, libraryApi, type ApplyRecord } from "@/lib/api/library";
import { formatTime } from "@/lib/manage/format";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** personal: my applications, with the apply button; approver: applications waiting for me, with approve. */
  view: "personal" | "approver";
  graphId?: number;
  onApply?: () => void;
}

const STATE_KEYS: Record<number, string> = { 0: "apply", 1: "authorization", 2: "pass", 3: "reject" };

/** SPEC §2 records dialog: apply records and authorization records, searched by graph name, state, project. */
export function RecordsDialog({ open, onOpenChange, view, graphId, onApply }: Props) {
  const t = useTranslations("library.records");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="top-[6vh] w-[min(980px,96vw)]" data-testid="records-dialog">
        <DialogTitle className="mb-2 text-base font-semibold">{view === "personal" ? t("titleMine") : t("titleApprove")}</DialogTitle>
        <DialogDescription className="sr-only">{t("titleMine")}</DialogDescription>
        <Tabs defaultValue="apply">
          <TabsList>
            <TabsTrigger value="apply" data-testid="tab-apply">
              {t("applyTab")}
            </TabsTrigger>
            <TabsTrigger value="grant" data-testid="tab-grant">
              {t("grantTab")}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="apply">
            <RecordTable type={view === "personal" ? APPLY_LIST.mine : APPLY_LIST.toApprove} graphId={graphId} approve={view === "approver"} onApply={view === "personal" ? onApply : undefined} />
          </TabsContent>
          <TabsContent value="grant">
            <RecordTable type={APPLY_LIST.granted} graphId={graphId} approve={false} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

function RecordTable({ type, graphId, approve, onApply }: { type: number; graphId?: number; approve: boolean; onApply?: () => void }) {
  const t = useTranslations("library.records");
  const [draft, setDraft] = useState({ name: "", state: -1, projectId: "" });
  const [query, setQuery] = useState({ name: "", state: -1 as number, projectId: "", page: 1, size: 10 });
  const [approving, setApproving] = useState<ApplyRecord | null>(null);
  const { data: projects } = useProjects();
  const { data, mutate } = useSWR(["apply-list", type, graphId, query], () =>
    libraryApi.applyList({ page: query.page, size: query.size, type, graphId, state: query.state, name: query.name, projectId: query.projectId ? Number(query.projectId) : undefined }),
  );
  const states = type === APPLY_LIST.granted ? [APPLY_STATE.authorization] : [APPLY_STATE.apply, APPLY_STATE.pass, APPLY_STATE.reject];
  return (
    <div className="flex flex-col gap-2 text-sm">
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ ...query, ...draft, page: 1 });
        }}
      >
        <Input className="w-48" aria-label={t("graphName")} placeholder={t("graphName")} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        <Select aria-label={t("state")} value={draft.state} onChange={(e) => setDraft({ ...draft, state: Number(e.target.value) })}>
          <option value={-1}>{t("allStates")}</option>
          {states.map((s) => (
            <option key={s} value={s}>
              {t(`states.${STATE_KEYS[s]}`)}
            </option>
          ))}
        </Select>
        <Select aria-label={t("project")} value={draft.projectId} onChange={(e) => setDraft({ ...draft, projectId: e.target.value })}>
          <option value="">{t("allProjects")}</option>
          {(projects?.items ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
        <Button type="submit">
          <Search size={14} />
          {t("search")}
        </Button>
        {onApply && (
          <Button type="button" className="ml-auto" onClick={onApply} data-testid="records-apply">
            {t("apply")}
          </Button>
        )}
      </form>
      <div className="max-h-[55vh] overflow-auto rounded-md border border-border">
        <table className="w-full min-w-[760px]">
          <thead className="bg-black/[0.03] text-left dark:bg-white/5">
            <tr>
              {["graphName", "project", "applicant", "person", "reason", "state", "opinion", "time"].map((key) => (
                <th key={key} className="px-2 py-2 font-medium">
                  {t(key)}
                </th>
              ))}
              {approve && <th className="px-2 py-2" />}
            </tr>
          </thead>
          <tbody>
            {(data?.items ?? []).map((row) => (
              <tr key={row.id} className="border-t border-border" data-testid="record-row">
                <td className="px-2 py-1.5">{row.graphName}</td>
                <td className="px-2 py-1.5">{row.projectName}</td>
                <td className="px-2 py-1.5">{row.createUserName}</td>
                <td className="px-2 py-1.5">{row.receviceUserName}</td>
                <td className="max-w-48 truncate px-2 py-1.5" title={row.remarks}>
                  {row.remarks}
                </td>
                <td className="px-2 py-1.5" data-testid="record-state">
                  {t(`states.${STATE_KEYS[row.state] ?? "apply"}`)}
                </td>
                <td className="px-2 py-1.5">{row.approvalProposal}</td>
                <td className="whitespace-nowrap px-2 py-1.5">{formatTime(row.createTime)}</td>
                {approve && (
                  <td className="px-2 py-1.5 text-right">
                    {/* SPEC §4: only a record in the apply state shows an approve action. */}
                    {row.state === APPLY_STATE.apply && (
                      <Button size="sm" onClick={() => setApproving(row)} data-testid="record-approve">
                        {t("approve")}
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            ))}
            {data && data.items.length === 0 && (
              <tr>
                <td colSpan={approve ? 9 : 8} className="px-2 py-6 text-center text-muted">
                  {t("empty")}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pager page={query.page} pageSize={query.size} total={data?.total ?? 0} onChange={(page, size) => setQuery({ ...query, page, size })} />
      <ApprovalDialog record={approving} onClose={() => setApproving(null)} onDone={() => void mutate()} />
    </div>
  );
}
