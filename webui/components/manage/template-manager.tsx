"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import useSWR from "swr";
import { CrudManager, StateBadge } from "@/components/manage/crud-manager";
import { TemplateStructureEditor, type TemplateRelation } from "@/components/manage/template-structure-editor";
import { templateApi, relationTypeApi, type TemplateEntity, type TemplateRow } from "@/lib/api/manage";
import { toast } from "@/lib/feedback";
import { type FieldSpec, type FormValues } from "@/lib/manage/form";
import { checkStructure, TEMPLATE_KINDS } from "@/lib/manage/templates";

const ALL = { page: 1, pageSize: 1000, keyword: "", filters: {} };

/** /graph_template/index (super): templates with their entities (one root) and allowed relations. */
export function TemplateManager() {
  const t = useTranslations("manage.templates");
  const tm = useTranslations("manage");
  const [entitys, setEntitys] = useState<TemplateEntity[]>([]);
  const [relations, setRelations] = useState<TemplateRelation[]>([]);
  const { data: entityTypes } = useSWR(["manage-entities-all"], () => templateApi.entities(ALL));
  const { data: relationTypes } = useSWR(["manage-relations-all"], () => relationTypeApi.list(ALL));
  const kindOptions = TEMPLATE_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }));
  const fields: FieldSpec[] = [
    // The rules come from the server (form "template", read by the dialog); the structure below is checked apart.
    { name: "code", label: t("code"), required: true, lockedOnEdit: true },
    { name: "kind", label: t("kind"), type: "select", required: true, options: kindOptions, lockedOnEdit: true },
    { name: "name", label: t("name"), required: true },
    { name: "nameEn", label: t("nameEn") },
    { name: "enabled", label: t("enabled"), type: "checkbox" },
    { name: "description", label: t("description"), type: "textarea" },
  ];
  const body = (values: FormValues) => {
    const problem = checkStructure(entitys);
    if (problem) {
      toast("warning", { text: t(problem) });
      throw new Error(problem);
    }
    return {
      name: String(values.name ?? "").trim(),
      nameEn: String(values.nameEn ?? "").trim() || null,
      description: String(values.description ?? "").trim(),
      enabled: values.enabled === true,
      entitys,
      relations,
    };
  };
  return (
    <CrudManager<TemplateRow>
      resource="templates"
      title={t("title")}
      searchLabel={t("search")}
      load={templateApi.list}
      filters={[{ name: "kind", label: t("kind"), options: kindOptions }]}
      wideForm
      columns={[
        { key: "code", title: t("code") },
        { key: "name", title: t("name") },
        { key: "kind", title: t("kind"), render: (row) => t(`kinds.${row.kind}`) },
        { key: "entityCount", title: t("entityCount") },
        { key: "relationCount", title: t("relationCount") },
        { key: "enabled", title: t("enabled"), render: (row) => <StateBadge on={row.enabled} yes={tm("yes")} no={tm("no")} /> },
        { key: "builtin", title: tm("builtin"), render: (row) => <StateBadge on={row.builtin} yes={tm("yes")} no={tm("no")} /> },
      ]}
      fields={fields}
      form="template"
      onFormOpen={(row) => {
        setEntitys([]);
        setRelations([]);
        if (row)
          void templateApi.get(row.id).then((full) => {
            setEntitys((full.entitys ?? []).map((e) => ({ code: e.code, isRoot: !!e.isRoot, children: e.children ?? [] })));
            setRelations((full.relations ?? []).map((r) => ({ code: r.code, effectScope: r.effectScope ?? [] })));
          });
      }}
      formExtra={
        <TemplateStructureEditor
          entitys={entitys}
          relations={relations}
          entityOptions={(entityTypes?.items ?? []).map((e) => ({ value: e.code, label: e.name }))}
          relationOptions={(relationTypes?.items ?? []).map((r) => ({ value: r.code, label: r.name }))}
          onChange={(nextEntitys, nextRelations) => {
            setEntitys(nextEntitys);
            setRelations(nextRelations);
          }}
        />
      }
      emptyValues={{ code: "", kind: "teaching", name: "", nameEn: "", enabled: true, description: "" }}
      toValues={(row) => ({ code: row.code, kind: row.kind, name: row.name, nameEn: row.nameEn ?? "", enabled: row.enabled, description: row.description ?? "" })}
      create={(values) => templateApi.add({ code: String(values.code).trim(), kind: values.kind, ...body(values) })}
      update={(row, values) => templateApi.update(row.id, body(values))}
      remove={(row) => templateApi.remove(row.id)}
      canRemove={(row) => !row.builtin}
      describe={(row) => row.name}
    />
  );
}
