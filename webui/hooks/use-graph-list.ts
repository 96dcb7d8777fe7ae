"use client";
import useSWR from "swr";
import { api } from "@/lib/api/client";
import type { GraphListItem, Page } from "@/lib/api/types";

export interface GraphListQuery {
  page: number;
  pageSize: number;
  name?: string;
  projectId?: number | null;
  templateId?: number | null;
  releaseState?: number | null;
}

export function useGraphList(query: GraphListQuery) {
  return useSWR(["graphList", query], () => api.get<Page<GraphListItem>>("/api/graphList/list", { query: { ...query } }), {
    keepPreviousData: true,
  });
}
