/** SPEC §5 apply and approval forms. The apply form's values are message keys under "library.apply". */
import type { FieldSpec } from "@/lib/manage/form";

export type ApplyErrors = Partial<Record<"name" | "projectId" | "receiveUserId" | "remarks", string>>;

export function checkApply(form: { name: string; projectId: number | null; receiveUserId: number | null; remarks: string }): ApplyErrors {
  const errors: ApplyErrors = {};
  if (!form.name.trim()) errors.name = "nameRequired";
  if (form.projectId === null) errors.projectId = "projectRequired";
  if (form.receiveUserId === null) errors.receiveUserId = "personRequired";
  if (!form.remarks.trim()) errors.remarks = "reasonRequired";
  return errors;
}

/** The approval form's fields (the server's form "libraryApproval" lays its rules over them): a
 * decision (2 pass, 3 reject, sent as text) and an opinion, both required. */
export function approvalFields(labels: { state: string; opinion: string }): FieldSpec[] {
  return [
    { name: "state", label: labels.state, required: true },
    { name: "opinion", label: labels.opinion, type: "textarea", required: true },
  ];
}
