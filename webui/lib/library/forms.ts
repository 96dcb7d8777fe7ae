/** SPEC §5 apply and approval forms. Values are message keys under "library.apply" / "library.approval". */
export type ApplyErrors = Partial<Record<"name" | "projectId" | "receiveUserId" | "remarks", string>>;

export function checkApply(form: { name: string; projectId: number | null; receiveUserId: number | null; remarks: string }): ApplyErrors {
  const errors: ApplyErrors = {};
  if (!form.name.trim()) errors.name = "nameRequired";
  if (form.projectId === null) errors.projectId = "projectRequired";
  if (form.receiveUserId === null) errors.receiveUserId = "personRequired";
  if (!form.remarks.trim()) errors.remarks = "reasonRequired";
  return errors;
}

export type ApprovalErrors = Partial<Record<"state" | "opinion", string>>;

export function checkApproval(form: { state: number | null; opinion: string }): ApprovalErrors {
  const errors: ApprovalErrors = {};
  if (form.state !== 2 && form.state !== 3) errors.state = "stateRequired";
  if (!form.opinion.trim()) errors.opinion = "opinionRequired";
  return errors;
}
