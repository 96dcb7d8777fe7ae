import { describe, expect, it } from "vitest";
import { bySemester, supportMatrix } from "@/lib/graph/curriculum";

const course = (id: number, semester: number, credits: number, hours: number) => ({ id, name: `c${id}`, semester, credits, hours, courseType: null });

describe("training plan", () => {
  it("groups courses by semester with credit and hour totals", () => {
    const semesters = bySemester([course(1, 2, 3.5, 56), course(2, 1, 4, 64), course(3, 2, 0.1, 0.2)]);
    expect(semesters.map((s) => s.semester)).toEqual([1, 2]);
    expect(semesters[1]).toMatchObject({ credits: 3.6, hours: 56.2 });
    expect(semesters[1].courses.map((c) => c.id)).toEqual([1, 3]);
  });

  it("builds the support matrix over the targets courses support, with strengths", () => {
    const info = {
      courses: [course(10, 1, 4, 64)],
      targets: [
        { id: 1, name: "毕业要求1", type: "AbilityTarget", parent_id: null },
        { id: 2, name: "指标点1.1", type: "TargetPoint", parent_id: 1 },
        { id: 3, name: "指标点1.2", type: "TargetPoint", parent_id: 1 },
      ],
      matrix: [{ courseId: 10, targetId: 2, strength: "H" }],
      credits: 4,
    };
    const { columns, strength } = supportMatrix(info);
    expect(columns).toEqual([{ id: 2, name: "指标点1.1", groupName: "毕业要求1" }]);
    expect(strength(10, 2)).toBe("H");
    expect(strength(10, 3)).toBeNull();
    expect(supportMatrix({ ...info, matrix: [] }).columns.map((c) => c.id)).toEqual([2, 3]);
  });
});
