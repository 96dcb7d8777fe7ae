"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Select } from "@/components/ui/select";
import { useGraphOptions } from "@/hooks/use-graph-options";

/** Picks the graph a screen works on; the choice is the route's {graphId}. */
export function GraphSelect({ graphId, basePath }: { graphId: number | null; basePath: string }) {
  const t = useTranslations("excavate");
  const router = useRouter();
  const { data } = useGraphOptions();
  return (
    <Select
      aria-label={t("graph")}
      value={graphId ?? ""}
      data-testid="graph-select"
      onChange={(e) => router.push(e.target.value ? `${basePath}/${e.target.value}` : basePath)}
      className="min-w-56"
    >
      <option value="">{t("noGraph")}</option>
      {(data?.items ?? []).map((graph) => (
        <option key={graph.id} value={graph.id}>
          {graph.name}
        </option>
      ))}
    </Select>
  );
}
