"use client";
import { useTranslations } from "next-intl";
import { CrudManager, StateBadge } from "@/components/manage/crud-manager";
import { useRole } from "@/hooks/use-role";
import { carouselApi, pageLocally, type CarouselRow } from "@/lib/api/manage";
import { hasAllowedSuffix, type FieldSpec, type FormValues } from "@/lib/manage/form";

const IMAGE_SUFFIXES = [".png", ".jpg", ".jpeg"];

function toForm(values: FormValues, withFile: boolean): FormData {
  const form = new FormData();
  form.set("title", String(values.title ?? "").trim());
  form.set("link", String(values.link ?? "").trim());
  form.set("sort", String(values.sort ?? "0") || "0");
  form.set("enabled", values.enabled === false ? "0" : "1");
  if (withFile && values.file instanceof File) form.set("file", values.file);
  return form;
}

/** /rotationManager/index: the home page carousel (PNG/JPEG upload, link, order, on/off).
 * Experts may open it (SPEC §2) and see the list; only admins and super admins change it. */
export function CarouselManager() {
  const t = useTranslations("manage.carousel");
  const tm = useTranslations("manage");
  const role = useRole();
  const manages = role === "super" || role === "admin";
  const fileCheck = (value: unknown) => (value instanceof File && !hasAllowedSuffix(value.name, IMAGE_SUFFIXES) ? "imageType" : null);
  const fields: FieldSpec[] = [
    // Title, link, order and the image's presence follow the server's rules (form "carousel"); the image's type is checked here first.
    { name: "title", label: t("titleField"), required: true },
    { name: "link", label: t("link") },
    { name: "sort", label: t("sort"), type: "number" },
    { name: "enabled", label: t("enabled"), type: "checkbox" },
    { name: "file", label: t("image"), type: "file", accept: ".png,.jpg,.jpeg", validate: fileCheck },
  ];
  const withImage = fields.map((f) => (f.name === "file" ? { ...f, requiredOnCreate: true } : f));
  return (
    <CrudManager<CarouselRow>
      resource="carousel"
      title={t("title")}
      searchLabel={t("search")}
      load={async (query) => pageLocally(await carouselApi.manageList(), query, (item, keyword) => item.title.toLowerCase().includes(keyword))}
      columns={[
        { key: "imageUrl", title: t("image"), render: (row) => <img src={row.imageUrl} alt={row.title} className="h-10 w-20 rounded object-cover" /> },
        { key: "title", title: t("titleField") },
        { key: "link", title: t("link") },
        { key: "sort", title: t("sort") },
        { key: "enabled", title: t("enabled"), render: (row) => <StateBadge on={row.enabled} yes={tm("yes")} no={tm("no")} /> },
      ]}
      fields={withImage}
      form="carousel"
      emptyValues={{ title: "", link: "", sort: "0", enabled: true, file: null }}
      toValues={(row) => ({ title: row.title, link: row.link, sort: String(row.sort), enabled: row.enabled, file: null })}
      create={manages ? (values) => carouselApi.add(toForm(values, true)) : undefined}
      update={manages ? (row, values) => carouselApi.update(row.id, toForm(values, true)) : undefined}
      remove={manages ? (row) => carouselApi.remove(row.id) : undefined}
      describe={(row) => row.title}
    />
  );
}
