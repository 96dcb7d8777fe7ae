"use client";
import useSWR from "swr";
import { api } from "@/lib/api/client";
import type { TemplateOption } from "@/lib/api/types";

/** Templates the user may use; with a project, those that project allows. */
export function useTemplates(projectId?: number | null) {
  return useSWR(["templates", projectId ?? null], () => api.get<TemplateOption[]>("/api/graphList/getAllowedTemplateList", { query: { projectId } }));
}
