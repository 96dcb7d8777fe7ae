/** Shaping the course answers for the training plan and the support matrix (presentation only). */
import type { CourseDisplayInfo, CourseLine } from "@/lib/api/graph-types";

export type Course = CourseLine["courses"][number];

export interface Semester {
  semester: number;
  courses: Course[];
  credits: number;
  hours: number;
}

/** Courses grouped by semester in order; totals rounded to one decimal as credits are given. */
export function bySemester(courses: Course[]): Semester[] {
  const groups = new Map<number, Course[]>();
  for (const course of courses) groups.set(course.semester, [...(groups.get(course.semester) ?? []), course]);
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([semester, list]) => ({
      semester,
      courses: list,
      credits: Math.round(list.reduce((sum, c) => sum + c.credits, 0) * 10) / 10,
      hours: Math.round(list.reduce((sum, c) => sum + c.hours, 0) * 10) / 10,
    }));
}

export interface MatrixColumn {
  id: number;
  name: string;
  groupName: string | null;
}

/**
 * The course x ability-target matrix: columns are the targets some course supports (or all the
 * leaf targets when none does yet), labelled with their parent target; cells hold the strength.
 */
export function supportMatrix(info: CourseDisplayInfo): { columns: MatrixColumn[]; strength: (courseId: number, targetId: number) => string | null } {
  const names = new Map(info.targets.map((target) => [target.id, target.name]));
  const parents = new Set(info.targets.map((target) => target.parent_id));
  const used = new Set(info.matrix.map((cell) => cell.targetId));
  const columns = info.targets
    .filter((target) => (used.size ? used.has(target.id) : !parents.has(target.id)))
    .map((target) => ({ id: target.id, name: target.name, groupName: target.parent_id !== null ? names.get(target.parent_id) ?? null : null }));
  const cells = new Map(info.matrix.map((cell) => [`${cell.courseId}:${cell.targetId}`, cell.strength === null || cell.strength === undefined ? "" : String(cell.strength)]));
  return { columns, strength: (courseId, targetId) => cells.get(`${courseId}:${targetId}`) ?? null };
}
