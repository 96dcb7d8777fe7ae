"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import useSWR from "swr";
import { IndicatorRadar } from "@/components/attainment/charts";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { attainmentApi } from "@/lib/api/attainment";

/** A training plan's graduation-requirement indicators from its courses' results through the support matrix. */
export function IndicatorAttainment({ graphId }: { graphId: number }) {
  const t = useTranslations("attainment");
  const [term, setTerm] = useState("");
  const [method, setMethod] = useState("weighted");
  const [weights, setWeights] = useState("H=3,M=2,L=1");
  const { data } = useSWR(["attainmentIndicators", graphId, term, method, weights], () => attainmentApi.indicators(graphId, term.trim(), method, weights.trim()));
  const { data: history } = useSWR(["attainmentIndicatorHistory", graphId, method, weights], () => attainmentApi.indicatorHistory(graphId, method, weights.trim()));
  const assessedIds = new Set((history?.terms ?? []).flatMap((row) => row.indicators.filter((i) => i.value !== null).map((i) => i.id)));
  // The radar draws the assessed indicators once there are three of them: unassessed spokes would flatten it.
  const assessed = data?.indicators.filter((i) => i.value !== null) ?? [];
  const radar = assessed.length >= 3 ? assessed : (data?.indicators ?? []);
  return (
    <div className="flex flex-col gap-4">
      <section className="grid gap-3 rounded-lg bg-card p-4 md:grid-cols-3">
        <Field label={t("termOptional")}>
          <Input value={term} onChange={(event) => setTerm(event.target.value)} placeholder={t("latestTerm")} maxLength={50} />
        </Field>
        <Field label={t("method")}>
          <Select value={method} onChange={(event) => setMethod(event.target.value)} data-testid="method-select">
            <option value="weighted">{t("methodWeighted")}</option>
            <option value="minimum">{t("methodMinimum")}</option>
          </Select>
        </Field>
        <Field label={t("strengthWeights")}>
          <Input value={weights} onChange={(event) => setWeights(event.target.value)} />
        </Field>
      </section>
      {data && (
        <section className="flex flex-col gap-4 rounded-lg bg-card p-4 lg:flex-row">
          <IndicatorRadar labels={radar.map((i) => i.name)} values={radar.map((i) => i.value)} title={t("radarTitle")} />
          <div className="flex-1 overflow-auto">
            <table className="w-full text-sm" data-testid="indicator-table">
              <thead>
                <tr className="text-left">
                  <th className="px-2 py-1 font-medium">{t("indicator")}</th>
                  <th className="px-2 py-1 text-right font-medium">{t("value")}</th>
                  <th className="px-2 py-1 font-medium">{t("courses")}</th>
                </tr>
              </thead>
              <tbody>
                {data.indicators.map((indicator) => (
                  <tr key={indicator.id} className="border-t border-border align-top">
                    <td className="px-2 py-1" title={indicator.requirement}>
                      {indicator.name}
                    </td>
                    <td className="px-2 py-1 text-right tabular-nums">{indicator.value === null ? "-" : indicator.value.toFixed(2)}</td>
                    <td className="px-2 py-1 text-xs">
                      {indicator.courses
                        .filter((c) => c.value !== null)
                        .map((c) => `${c.courseName} (${c.strength}) ${c.value?.toFixed(2)}`)
                        .join("; ")}
                      {indicator.missing.length > 0 && <span className="block text-muted">{t("missing", { courses: indicator.missing.join("、") })}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {history && history.terms.length > 1 && (
        <section className="overflow-auto rounded-lg bg-card p-4">
          <h2 className="mb-3 font-medium">{t("history")}</h2>
          <table className="text-sm" data-testid="indicator-history">
            <thead>
              <tr>
                <th className="px-2 py-1 text-left font-medium">{t("indicator")}</th>
                {history.terms.map((row) => (
                  <th key={row.term} className="px-2 py-1 text-right font-medium">
                    {row.term}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {history.terms[0].indicators
                .filter((indicator) => assessedIds.has(indicator.id))
                .map((indicator) => (
                  <tr key={indicator.id} className="border-t border-border">
                    <td className="px-2 py-1">{indicator.name}</td>
                    {history.terms.map((row) => (
                      <td key={row.term} className="px-2 py-1 text-right tabular-nums">
                        {row.indicators.find((i) => i.id === indicator.id)?.value?.toFixed(2) ?? "-"}
                      </td>
                    ))}
                  </tr>
                ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
