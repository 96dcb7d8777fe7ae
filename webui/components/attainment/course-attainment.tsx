"use client";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo, useRef, useState } from "react";
import useSWR from "swr";
import { Distribution, ObjectiveBars } from "@/components/attainment/charts";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { attainmentApi, type CourseResult } from "@/lib/api/attainment";
import { saveDownload } from "@/lib/api/graph";
import { attainmentColor } from "@/lib/attainment/charts";
import { toast } from "@/lib/feedback";

function percent(value: number | null | undefined): string {
  return value === null || value === undefined ? "-" : `${(value * 100).toFixed(1)}%`;
}

function fixed(value: number | null | undefined): string {
  return value === null || value === undefined ? "-" : value.toFixed(2);
}

/** A course graph's attainment: import a class's scores, the term's table and charts, the graph coloured by attainment. */
export function CourseAttainment({ graphId, canEdit }: { graphId: number; canEdit: boolean }) {
  const t = useTranslations("attainment");
  const { data: assessments, mutate: reloadList } = useSWR(["attainmentAssessments", graphId], () => attainmentApi.assessments(graphId));
  const terms = useMemo(() => [...new Set((assessments ?? []).map((a) => a.term))].sort(), [assessments]);
  const [chosen, setChosen] = useState<string | null>(null);
  const term = chosen && terms.includes(chosen) ? chosen : terms[terms.length - 1] ?? null;
  const { data: result, mutate: reloadResult } = useSWR(term ? ["attainmentCourse", graphId, term] : null, () => attainmentApi.course(graphId, term as string));
  const { data: history } = useSWR(terms.length > 1 ? ["attainmentHistory", graphId, terms.join()] : null, () => attainmentApi.history(graphId));
  const [confirmDialog, ask] = useConfirm();

  const remove = async () => {
    if (!term || !(await ask(t("deleteConfirm", { term })))) return;
    await attainmentApi.deleteTerm(graphId, term);
    toast("success", { text: t("deleted", { term }) });
    setChosen(null);
    await reloadList();
  };

  return (
    <div className="flex flex-col gap-4">
      {confirmDialog}
      {canEdit && (
        <ImportForm
          graphId={graphId}
          onImported={async (importedTerm) => {
            setChosen(importedTerm);
            await reloadList();
            await reloadResult();
          }}
        />
      )}
      <section className="rounded-lg bg-card p-4">
        <div className="mb-3 flex flex-wrap items-center gap-3">
          <h2 className="font-medium">{t("results")}</h2>
          {terms.length > 0 && (
            <Select value={term ?? ""} onChange={(event) => setChosen(event.target.value)} aria-label={t("term")} data-testid="term-select">
              {terms.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </Select>
          )}
          <span className="flex-1" />
          {term && (
            <>
              <Link className="text-sm text-primary hover:underline" href={`/knowledgeGraph/knowledgeTree/${graphId}?attainment=${encodeURIComponent(term)}`} data-testid="open-coloured-map">
                {t("openColouredMap")}
              </Link>
              <Button variant="outline" size="sm" onClick={async () => saveDownload(await attainmentApi.exportFile(graphId, term, "docx"))} data-testid="export-docx">
                {t("exportWord")}
              </Button>
              <Button variant="outline" size="sm" onClick={async () => saveDownload(await attainmentApi.exportFile(graphId, term, "xlsx"))}>
                {t("exportExcel")}
              </Button>
              {canEdit && (
                <Button variant="danger" size="sm" onClick={remove} data-testid="delete-term">
                  {t("deleteTerm")}
                </Button>
              )}
            </>
          )}
        </div>
        {assessments && terms.length === 0 && <p className="py-6 text-center text-sm text-muted">{t("noData")}</p>}
        {assessments && assessments.length > 0 && (
          <p className="mb-3 text-xs text-muted">
            {assessments
              .filter((a) => a.term === term)
              .map((a) => t("classLine", { className: a.className, students: a.students, items: a.items }))
              .join(" · ")}
          </p>
        )}
        {result && <CourseResultView result={result} />}
      </section>
      {history && history.terms.length > 1 && (
        <section className="rounded-lg bg-card p-4">
          <h2 className="mb-3 font-medium">{t("history")}</h2>
          <table className="text-sm">
            <thead>
              <tr>
                <th className="px-2 py-1 text-left font-medium">{t("term")}</th>
                {history.terms[0].objectives.map((o) => (
                  <th key={o.id} className="px-2 py-1 text-right font-medium">
                    {o.name}
                  </th>
                ))}
                <th className="px-2 py-1 text-right font-medium">{t("courseMinimum")}</th>
              </tr>
            </thead>
            <tbody>
              {history.terms.map((row) => (
                <tr key={row.term} className="border-t border-border">
                  <td className="px-2 py-1">{row.term}</td>
                  {row.objectives.map((o) => (
                    <td key={o.id} className="px-2 py-1 text-right tabular-nums">
                      {fixed(o.average)}
                    </td>
                  ))}
                  <td className="px-2 py-1 text-right tabular-nums">{fixed(row.courseAttainment.minimum)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

function ImportForm({ graphId, onImported }: { graphId: number; onImported: (term: string) => Promise<void> }) {
  const t = useTranslations("attainment");
  const file = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState("");
  const [className, setClassName] = useState("");
  const [threshold, setThreshold] = useState("0.6");
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!chosen || !term.trim() || !className.trim()) {
      toast("warning", { text: t("importNeeds") });
      return;
    }
    setBusy(true);
    try {
      const answer = await attainmentApi.importScores(graphId, chosen, term, className, threshold);
      toast("success", { text: t("imported", { students: answer.students }) });
      await onImported(term.trim());
    } catch {
      // The client has shown the located error.
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="rounded-lg bg-card p-4" onSubmit={submit} data-testid="attainment-import">
      <h2 className="mb-1 font-medium">{t("import")}</h2>
      <p className="mb-3 text-xs text-muted">{t("importHint")}</p>
      <div className="grid gap-3 md:grid-cols-5">
        <Field label={t("file")} required className="md:col-span-2">
          <Input ref={file} type="file" accept=".xlsx,.csv" data-testid="scores-file" />
        </Field>
        <Field label={t("term")} required>
          <Input value={term} onChange={(event) => setTerm(event.target.value)} placeholder="2024-2025-1" maxLength={50} data-testid="term-input" />
        </Field>
        <Field label={t("className")} required>
          <Input value={className} onChange={(event) => setClassName(event.target.value)} maxLength={50} data-testid="class-input" />
        </Field>
        <Field label={t("threshold")}>
          <Input value={threshold} onChange={(event) => setThreshold(event.target.value)} inputMode="decimal" />
        </Field>
      </div>
      <div className="mt-3 flex justify-end">
        <Button type="submit" disabled={busy} data-testid="import-submit">
          {t("importButton")}
        </Button>
      </div>
    </form>
  );
}

function CourseResultView({ result }: { result: CourseResult }) {
  const t = useTranslations("attainment");
  const below = result.objectives.filter((o) => o.attained === false);
  return (
    <div className="flex flex-col gap-5" data-testid="attainment-result">
      <div className="overflow-auto">
        <table className="w-full text-sm" data-testid="attainment-table">
          <thead>
            <tr className="text-left">
              <th className="px-2 py-1 font-medium">{t("objective")}</th>
              <th className="px-2 py-1 text-right font-medium">{t("average")}</th>
              <th className="px-2 py-1 text-right font-medium">{t("share")}</th>
              <th className="px-2 py-1 font-medium">{t("attained")}</th>
              <th className="px-2 py-1 font-medium">{t("distribution")}</th>
            </tr>
          </thead>
          <tbody>
            {result.objectives.map((objective) => (
              <tr key={objective.id} className="border-t border-border align-middle">
                <td className="px-2 py-1" title={objective.desc}>
                  {objective.name}
                </td>
                <td className="px-2 py-1 text-right tabular-nums">{fixed(objective.average)}</td>
                <td className="px-2 py-1 text-right tabular-nums">{percent(objective.share)}</td>
                <td className="px-2 py-1">{objective.attained === null ? "-" : objective.attained ? t("yes") : <span className="text-danger">{t("no")}</span>}</td>
                <td className="px-2 py-1">
                  <Distribution counts={objective.distribution} threshold={result.threshold} title={t("distributionOf", { name: objective.name })} />
                </td>
              </tr>
            ))}
            <tr className="border-t border-border font-medium">
              <td className="px-2 py-1">{t("courseMinimum")}</td>
              <td className="px-2 py-1 text-right tabular-nums">{fixed(result.courseAttainment.minimum)}</td>
              <td colSpan={3} className="px-2 py-1 text-xs font-normal text-muted">
                {t("courseWeighted", { value: fixed(result.courseAttainment.weighted) })}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <ObjectiveBars
        labels={result.objectives.map((o) => o.name)}
        values={result.objectives.map((o) => o.average)}
        threshold={result.threshold}
        title={t("barsTitle")}
      />
      <CourseGraph result={result} />
      <div>
        <h3 className="mb-2 font-medium">{t("improvement")}</h3>
        {below.length === 0 && <p className="text-sm text-muted">{t("allAttained", { threshold: result.threshold })}</p>}
        <ul className="flex flex-col gap-2 text-sm" data-testid="below-threshold">
          {below.map((objective) => (
            <li key={objective.id}>
              <span className="font-medium">{objective.name}</span> ({fixed(objective.average)}):{" "}
              {objective.knowledgePoints.length === 0 ? t("noPoints") : objective.knowledgePoints.map((p) => p.name).join("、")}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The course graph's objectives and ability points coloured by attainment, knowledge points below them. */
function CourseGraph({ result }: { result: CourseResult }) {
  const t = useTranslations("attainment");
  return (
    <div>
      <h3 className="mb-2 font-medium">{t("graphTitle")}</h3>
      <div className="flex flex-wrap gap-3" data-testid="attainment-graph">
        {result.objectives.map((objective) => {
          const colour = attainmentColor(objective.average, result.threshold);
          return (
            <div key={objective.id} className="min-w-52 flex-1 rounded-md border-2 p-2" style={{ borderColor: colour }}>
              <div className="rounded px-2 py-1 text-sm font-medium text-white" style={{ backgroundColor: colour }} data-node-id={objective.id} data-attainment={objective.average ?? ""}>
                {objective.name} · {fixed(objective.average)}
              </div>
              <ul className="mt-2 flex flex-col gap-1.5">
                {objective.abilityPoints.map((point) => (
                  <li key={point.id}>
                    <span className="inline-block rounded border px-1.5 py-0.5 text-xs" style={{ borderColor: colour, color: colour }} data-node-id={point.id}>
                      {point.name}
                    </span>
                    <span className="ml-1 text-xs text-muted">
                      {objective.knowledgePoints
                        .filter((k) => k.abilityPoint === point.name)
                        .map((k) => k.name)
                        .join("、")}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </div>
  );
}
