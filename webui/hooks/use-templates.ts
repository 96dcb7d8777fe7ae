"use client";
import useSWR from "swr";
import { api } from "@/lib/api/client";
import type { TemplateOption } from "@/lib/api/types";

export function useTemplates() {
  return useSWR("templates", () => api.get<TemplateOption[]>("/api/graphList/getAllowedTemplateList"));
}
