"use client";
import useSWR from "swr";
import { api } from "@/lib/api/client";
import type { Page, ProjectOption } from "@/lib/api/types";

export function useProjects(pageSize = 50) {
  return useSWR(["projects", pageSize], () => api.get<Page<ProjectOption>>("/api/project/getProjectList", { query: { page: 1, pageSize } }));
}
