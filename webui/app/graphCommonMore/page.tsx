"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { LibraryList } from "@/components/library/library-list";
import { SitePage } from "@/components/site/site-header";
import { Button } from "@/components/ui/button";
import { useSession } from "@/hooks/use-session";

/** /graphCommonMore: the public graph library. The API lists it to signed-in users only (reported gap). */
export default function GraphCommonMorePage() {
  const t = useTranslations("library.list");
  const session = useSession();
  return (
    <SitePage>
      <h1 className="mb-3 text-xl font-semibold">{t("title")}</h1>
      {session && <LibraryList publicView />}
      {session === null && (
        <div className="flex flex-col items-center gap-3 rounded-lg bg-card p-10 text-center" data-testid="library-sign-in">
          <p className="text-muted">{t("signInFirst")}</p>
          <Button asChild>
            <Link href="/login?redirect=%2FgraphCommonMore">{t("signIn")}</Link>
          </Button>
        </div>
      )}
    </SitePage>
  );
}
