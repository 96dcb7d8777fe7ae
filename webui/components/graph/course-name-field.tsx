"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { nodeApi, type NodeRef } from "@/lib/api/graph";
import type { GraphNode } from "@/lib/api/graph-types";
import { toast } from "@/lib/feedback";
import { checkCourseName } from "@/lib/graph/validation";
import { COURSE_NAME } from "./attributes-tab";

/** SPEC §6: the course name of a node, edited only on controllable nodes under a major ability target; never empty (§5). */
export function CourseNameField({ node, nodeRef, editable, onSaved }: { node: GraphNode; nodeRef: NodeRef; editable: boolean; onSaved: () => void }) {
  const t = useTranslations("drawer");
  const tv = useTranslations("validation");
  const current = String(node.attributes[COURSE_NAME] ?? "");
  const [value, setValue] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async () => {
    const found = checkCourseName(value ?? "");
    setProblem(found ? tv(found.key) : null);
    if (found) return;
    try {
      await nodeApi.setAttributes(nodeRef, { [COURSE_NAME]: value!.trim() });
      toast("success", { key: "saved" });
      setValue(null);
      onSaved();
    } catch {
      // shown by the client
    }
  };
  return (
    <div className="mb-3 flex flex-col gap-1 text-sm" data-testid="course-name">
      <span className="text-muted">{t("courseName")}</span>
      {value === null ? (
        <div className="flex items-center gap-2">
          <span>{current || "—"}</span>
          {editable && (
            <Button size="sm" variant="ghost" onClick={() => setValue(current)} data-testid="edit-course-name">
              {t("edit")}
            </Button>
          )}
        </div>
      ) : (
        <div className="flex items-center gap-2">
          <Input value={value} onChange={(e) => setValue(e.target.value)} aria-label={t("courseName")} maxLength={100} />
          <Button size="sm" variant="ghost" onClick={() => (setValue(null), setProblem(null))}>
            {t("cancel")}
          </Button>
          <Button size="sm" onClick={save} data-testid="save-course-name">
            {t("save")}
          </Button>
        </div>
      )}
      {problem && <span className="text-danger">{problem}</span>}
    </div>
  );
}
