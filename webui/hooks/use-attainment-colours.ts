"use client";
import { useSearchParams } from "next/navigation";
import { useMemo } from "react";
import useSWR from "swr";
import { attainmentApi } from "@/lib/api/attainment";
import { attainmentColor } from "@/lib/attainment/charts";

/** With `?attainment=TERM` on a graph's route: the colour of each objective and ability node by that term's attainment. */
export function useAttainmentColours(graphId: number): ReadonlyMap<number, string> | undefined {
  const term = useSearchParams().get("attainment");
  const { data } = useSWR(term ? ["attainmentCourse", graphId, term] : null, () => attainmentApi.course(graphId, term as string));
  return useMemo(
    () => (data ? new Map(Object.entries(data.nodeAttainment).map(([id, value]) => [Number(id), attainmentColor(value, data.threshold)])) : undefined),
    [data],
  );
}
