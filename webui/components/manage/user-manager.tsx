"use client";
import { KeyRound, Power } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import useSWR from "swr";
import { CrudManager, rowAllows, StateBadge } from "@/components/manage/crud-manager";
import { FormDialog } from "@/components/manage/form-dialog";
import { Button } from "@/components/ui/button";
import { useRole } from "@/hooks/use-role";
import { unitApi, userApi, type UserRow } from "@/lib/api/manage";
import { toast } from "@/lib/feedback";
import { cleanValues, type FieldSpec } from "@/lib/manage/form";
import { formatTime, ROLE_CODES, ROLE_NAME_BY_CODE } from "@/lib/manage/format";

/** /userManage/index: users of the caller's reach; add, edit, enable/disable, reset password.
 * Experts may open it (SPEC §2) and read their unit's users; only admins and super admins change them. */
export function UserManager() {
  const t = useTranslations("manage.users");
  const tm = useTranslations("manage");
  const role = useRole();
  const manages = role === "super" || role === "admin";
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const { data: units } = useSWR(["manage-units-all"], () => unitApi.list({ page: 1, pageSize: 1000, keyword: "", filters: {} }));
  const roleOptions = ROLE_CODES.filter((code) => role === "super" || code !== "10").map((code) => ({ value: code, label: tm(`roles.${ROLE_NAME_BY_CODE[code]}`) }));
  const unitOptions = (units?.items ?? []).map((unit) => ({ value: String(unit.id), label: unit.name }));
  const fields: FieldSpec[] = [
    { name: "userName", label: t("userName"), required: true, lockedOnEdit: true, maxLength: 64 },
    { name: "password", label: t("password"), type: "password", required: true, createOnly: true },
    { name: "name", label: t("name"), required: true, maxLength: 64 },
    { name: "role", label: t("role"), type: "select", required: true, options: roleOptions },
    { name: "unitId", label: t("unit"), type: "select", options: unitOptions },
    { name: "tel", label: t("tel"), maxLength: 20 },
    { name: "email", label: t("email"), maxLength: 200 },
  ];
  const body = (values: Record<string, unknown>) => ({ ...values, unitId: values.unitId ? Number(values.unitId) : null });
  return (
    <>
      <CrudManager<UserRow>
        resource="users"
        title={t("title")}
        searchLabel={t("search")}
        load={userApi.list}
        filters={[
          { name: "role", label: t("role"), options: roleOptions },
          { name: "unitId", label: t("unit"), options: unitOptions },
        ]}
        columns={[
          { key: "userName", title: t("userName") },
          { key: "name", title: t("name") },
          { key: "role", title: t("role"), render: (row) => tm(`roles.${ROLE_NAME_BY_CODE[row.role] ?? "test"}`) },
          { key: "unitName", title: t("unit") },
          { key: "tel", title: t("tel") },
          { key: "enabled", title: t("state"), render: (row) => <StateBadge on={row.enabled} yes={t("enabled")} no={t("disabled")} /> },
          { key: "lastLoginAt", title: t("lastLogin"), render: (row) => formatTime(row.lastLoginAt) },
        ]}
        fields={fields}
        form="user"
        emptyValues={{ userName: "", password: "", name: "", role: "30", unitId: "", tel: "", email: "" }}
        toValues={(row) => ({ userName: row.userName, name: row.name, role: row.role, unitId: row.unitId ? String(row.unitId) : "", tel: row.tel ?? "", email: row.email ?? "" })}
        create={manages ? (values) => userApi.add(body(cleanValues(fields, values, false))) : undefined}
        update={manages ? (row, values) => userApi.update(row.id, body(cleanValues(fields, values, true))) : undefined}
        describe={(row) => row.name}
        rowActions={!manages ? undefined : (row, reload) => (
          <>
            {/* Only what the server says this caller may do to this row (UserRow.actions). */}
            {rowAllows(row, row.enabled ? "disable" : "enable") && (
              <Button
                size="sm"
                variant="ghost"
                data-testid="row-toggle"
                onClick={async () => {
                  await userApi.setEnabled(row.id, !row.enabled);
                  toast("success", { text: tm("saved") });
                  reload();
                }}
              >
                <Power size={13} />
                {row.enabled ? t("disable") : t("enable")}
              </Button>
            )}
            {rowAllows(row, "resetPassword") && (
              <Button size="sm" variant="ghost" onClick={() => setResetting(row)} data-testid="row-password">
                <KeyRound size={13} />
                {t("resetPassword")}
              </Button>
            )}
          </>
        )}
      />
      <FormDialog
        open={resetting !== null}
        onOpenChange={(open) => !open && setResetting(null)}
        title={t("resetPasswordOf", { name: resetting?.name ?? "" })}
        fields={[{ name: "password", label: t("newPassword"), type: "password", required: true }]}
        form="password"
        editing={false}
        initial={{ password: "" }}
        onSubmit={async (values) => {
          await userApi.resetPassword(resetting!.id, String(values.password));
          toast("success", { text: tm("saved") });
        }}
      />
    </>
  );
}
