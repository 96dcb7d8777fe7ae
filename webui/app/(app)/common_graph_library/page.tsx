"use client";
import { useTranslations } from "next-intl";
import { LibraryList } from "@/components/library/library-list";

export default function Page() {
  const t = useTranslations("library.list");
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-base font-semibold">{t("title")}</h1>
      <LibraryList />
    </div>
  );
}
