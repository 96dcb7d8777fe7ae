"use client";
import useSWR from "swr";
import { api } from "@/lib/api/client";
import type { Page, ProjectOption } from "@/lib/api/types";

/** The caller's projects; `enabled` false skips the call (a closed dialog needs none). */
export function useProjects(pageSize = 50, enabled = true) {
  return useSWR(enabled ? ["projects", pageSize] : null, () => api.get<Page<ProjectOption>>("/api/project/getProjectList", { query: { page: 1, pageSize } }));
}
