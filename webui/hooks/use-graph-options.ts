"use client";
import useSWR from "swr";
import { api } from "@/lib/api/client";
import type { GraphListItem, Page } from "@/lib/api/types";

/** Graphs the user can pick for mining (their graph list, up to 1000). */
export function useGraphOptions() {
  return useSWR(["graph-options"], () => api.get<Page<GraphListItem>>("/api/graphList/list", { query: { page: 1, pageSize: 1000 } }), { revalidateOnFocus: false });
}
