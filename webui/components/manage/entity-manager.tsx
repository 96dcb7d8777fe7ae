"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { AttributeEditor } from "@/components/manage/attribute-editor";
import { CrudManager, StateBadge } from "@/components/manage/crud-manager";
import { IconPicker, IconView } from "@/components/manage/icon-picker";
import { templateApi, type AttributeDefinition, type EntityTypeRow } from "@/lib/api/manage";
import { toast } from "@/lib/feedback";
import { checkAttributes, cleanAttributes } from "@/lib/manage/attributes";
import { type FieldSpec, type FormValues } from "@/lib/manage/form";

/** /graph_entitys (super): entity types with icon and name style and attribute definitions. */
export function EntityManager() {
  const t = useTranslations("manage.entities");
  const ta = useTranslations("manage.attributes");
  const tm = useTranslations("manage");
  const [icon, setIcon] = useState("");
  const [attributes, setAttributes] = useState<AttributeDefinition[]>([]);
  const problems = checkAttributes(attributes).map((p) => ta(p.key, { row: p.index + 1, code: p.code }));
  const fields: FieldSpec[] = [
    // Code, name and English name follow the server's rules (form "entityType", read by the dialog); the styles are the page's own.
    { name: "code", label: t("code"), required: true, lockedOnEdit: true },
    { name: "name", label: t("name"), required: true },
    { name: "nameEn", label: t("nameEn") },
    { name: "colorView", label: t("colour"), type: "color", required: true },
    { name: "rect", label: t("rect"), type: "checkbox" },
    { name: "underline", label: t("underline"), type: "checkbox" },
    { name: "fontSize", label: t("fontSize"), type: "number", min: 10, max: 40 },
    { name: "fill", label: t("fill"), type: "color" },
    {
      name: "fontWeight",
      label: t("fontWeight"),
      type: "select",
      options: [
        { value: "400", label: t("normal") },
        { value: "600", label: t("bold") },
      ],
    },
  ];
  const body = (values: FormValues) => {
    if (checkAttributes(attributes).length > 0) {
      toast("warning", { text: tm("fixErrors") });
      throw new Error("attributes");
    }
    const colour = String(values.colorView ?? "").trim();
    return {
      name: String(values.name ?? "").trim(),
      nameEn: String(values.nameEn ?? "").trim() || null,
      iconStyle: { rect: values.rect === true, underline: values.underline === true, icon, colors: [colour], colorView: colour },
      nameStyle: {
        fontSize: values.fontSize ? Number(values.fontSize) : 14,
        fill: String(values.fill ?? "").trim() || "#262626",
        fontWeight: values.fontWeight ? Number(values.fontWeight) : 600,
      },
      attributes: cleanAttributes(attributes),
    };
  };
  return (
    <CrudManager<EntityTypeRow>
      resource="entities"
      title={t("title")}
      searchLabel={t("search")}
      load={templateApi.entities}
      wideForm
      columns={[
        {
          key: "code",
          title: t("code"),
          render: (row) => (
            <span className="inline-flex items-center gap-1.5">
              <span className="inline-flex h-5 w-5 items-center justify-center rounded text-white" style={{ background: row.iconStyle?.colorView ?? "#999" }}>
                <IconView name={row.iconStyle?.icon ?? ""} size={12} />
              </span>
              {row.code}
            </span>
          ),
        },
        {
          key: "name",
          title: t("name"),
          // The name's style is drawn on light nodes; a light chip keeps its dark fills legible in dark mode.
          render: (row) => (
            <span className={row.nameStyle?.fill ? "dark:rounded dark:bg-white dark:px-1.5" : undefined} style={{ color: row.nameStyle?.fill, fontWeight: row.nameStyle?.fontWeight }}>
              {row.name}
            </span>
          ),
        },
        { key: "nameEn", title: t("nameEn") },
        { key: "attributes", title: t("attributeCount"), render: (row) => row.attributes.length },
        { key: "builtin", title: tm("builtin"), render: (row) => <StateBadge on={row.builtin} yes={tm("yes")} no={tm("no")} /> },
      ]}
      fields={fields}
      form="entityType"
      onFormOpen={(row) => {
        setIcon(row?.iconStyle?.icon ?? "");
        setAttributes(row?.attributes ?? []);
      }}
      formExtra={
        <>
          <IconPicker value={icon} onChange={setIcon} />
          <AttributeEditor value={attributes} onChange={setAttributes} errors={problems} />
        </>
      }
      emptyValues={{ code: "", name: "", nameEn: "", colorView: "#0960bd", rect: true, underline: false, fontSize: "14", fill: "#262626", fontWeight: "600" }}
      toValues={(row) => ({
        code: row.code,
        name: row.name,
        nameEn: row.nameEn ?? "",
        colorView: row.iconStyle?.colorView ?? row.iconStyle?.colors?.[0] ?? "#0960bd",
        rect: row.iconStyle?.rect ?? true,
        underline: row.iconStyle?.underline ?? false,
        fontSize: String(row.nameStyle?.fontSize ?? 14),
        fill: row.nameStyle?.fill ?? "#262626",
        fontWeight: String(row.nameStyle?.fontWeight ?? 600),
      })}
      create={(values) => templateApi.addEntity({ code: String(values.code).trim(), ...body(values) })}
      update={(row, values) => templateApi.updateEntity(row.id, body(values))}
      remove={(row) => templateApi.removeEntity(row.id)}
      canRemove={(row) => !row.builtin}
      describe={(row) => row.name}
    />
  );
}
