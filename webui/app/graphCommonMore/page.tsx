"use client";
import { useTranslations } from "next-intl";
import { LibraryList } from "@/components/library/library-list";
import { SitePage } from "@/components/site/site-header";
import { useSession } from "@/hooks/use-session";

/** /graphCommonMore: the public graph library, readable signed in or out (SPEC §2 public routes). */
export default function GraphCommonMorePage() {
  const t = useTranslations("library.list");
  const session = useSession();
  return (
    <SitePage>
      <h1 className="mb-3 text-xl font-semibold">{t("title")}</h1>
      {session !== undefined && <LibraryList publicView />}
    </SitePage>
  );
}
