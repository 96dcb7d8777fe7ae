/** Attainment (达成度) answers, as service/routes/attainment.py returns them. */
import { api, type Download } from "./client";

export interface AssessmentRow {
  id: number;
  term: string;
  className: string;
  threshold: number;
  items: number;
  students: number;
  updateTime: string;
}

export interface ObjectiveResult {
  id: number;
  name: string;
  number: number;
  desc: string;
  weight: number | null;
  average: number | null;
  share: number | null;
  attained: boolean | null;
  distribution: number[];
  items: { name: string; fullMarks: number; weight: number; average: number }[];
  abilityPoints: { id: number; name: string }[];
  knowledgePoints: { id: number; name: string; abilityPoint: string | null }[];
  indicators: { id: number; name: string }[];
}

export interface CourseResult {
  graph: { id: number; name: string; canEdit: boolean };
  course: { name: string };
  term: string;
  threshold: number;
  classes: { className: string; students: number }[];
  students: number;
  objectives: ObjectiveResult[];
  courseAttainment: { minimum: number | null; weighted: number | null };
  belowThreshold: number[];
  nodeAttainment: Record<string, number>;
}

export interface HistoryResult {
  terms: { term: string; students: number; courseAttainment: { minimum: number | null }; objectives: { id: number; name: string; average: number | null }[] }[];
}

export interface IndicatorResult {
  method: "weighted" | "minimum";
  weights: Record<string, number>;
  indicators: {
    id: number;
    name: string;
    requirement: string;
    value: number | null;
    courses: { courseId: number; courseName: string; strength: string; value: number | null; term: string | null; normalisedWeight: number | null }[];
    missing: string[];
  }[];
}

export interface IndicatorHistory {
  terms: { term: string; indicators: { id: number; name: string; value: number | null }[] }[];
}

export const attainmentApi = {
  assessments: (graphId: number) => api.get<AssessmentRow[]>("/api/attainment/assessments", { query: { graphId } }),
  course: (graphId: number, term: string) => api.get<CourseResult>("/api/attainment/course", { query: { graphId, term } }),
  history: (graphId: number) => api.get<HistoryResult>("/api/attainment/history", { query: { graphId } }),
  indicators: (graphId: number, term: string, method: string, weights: string) =>
    api.get<IndicatorResult>("/api/attainment/indicators", { query: { graphId, term, method, weights } }),
  indicatorHistory: (graphId: number, method: string, weights: string) =>
    api.get<IndicatorHistory>("/api/attainment/indicatorHistory", { query: { graphId, method, weights } }),
  importScores: (graphId: number, file: File, term: string, className: string, threshold: string) => {
    const form = new FormData();
    form.set("file", file);
    form.set("graphId", String(graphId));
    form.set("term", term.trim());
    form.set("className", className.trim());
    if (threshold.trim()) form.set("threshold", threshold.trim());
    return api.post<{ students: number }>("/api/attainment/import", { multipart: form });
  },
  exportFile: (graphId: number, term: string, format: "docx" | "xlsx") =>
    api.get<Download>("/api/attainment/export", { query: { graphId, term, format }, binary: true, timeoutMs: 120_000 }),
  deleteTerm: (graphId: number, term: string) => api.delete<{ deleted: number }>("/api/attainment/term", { query: { graphId, term } }),
};
