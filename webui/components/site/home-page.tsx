"use client";
import { BookOpen, Boxes, FileSearch, Library, PlayCircle, Share2 } from "lucide-react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import useSWR from "swr";
import { LibraryList } from "@/components/library/library-list";
import { Carousel } from "@/components/site/carousel";
import { SitePage } from "@/components/site/site-header";
import { TrialForm } from "@/components/site/trial-form";
import { Button } from "@/components/ui/button";
import { useSession } from "@/hooks/use-session";
import { carouselApi } from "@/lib/api/manage";
import { authorizeRedirectUrl } from "@/lib/site/sso";

const SSO_TRIED = "zhitu.ssoTried";

const FEATURES = [
  { key: "build", icon: Boxes },
  { key: "mine", icon: FileSearch },
  { key: "share", icon: Share2 },
] as const;

/** /home: the welcome portal with the carousel, what Zhitu does, the library, help and a trial form. */
export function HomePage({ fromRoot = false }: { fromRoot?: boolean }) {
  const t = useTranslations("site.home");
  const session = useSession();
  const params = useSearchParams();
  const atRoot = fromRoot || params.get("from") === "root";
  const { data: slides } = useSWR(["carousel-public"], () => carouselApi.publicList(), { revalidateOnFocus: false });

  // SPEC §2: entered from the root, the welcome page asks the server's authorize-redirect for a
  // ticket, silently: the request follows the redirect in the background, and only when it ends
  // on /sso/{ticket}/list (signed in elsewhere on this server) does the browser go there. A
  // visitor stays on the home page instead of being sent to sign in. Once per browser session.
  useEffect(() => {
    if (session !== null || !atRoot) return;
    if (window.sessionStorage.getItem(SSO_TRIED)) return;
    window.sessionStorage.setItem(SSO_TRIED, "1");
    fetch(authorizeRedirectUrl(window.location.origin, "list"), { credentials: "same-origin" })
      .then((response) => {
        const landed = new URL(response.url);
        if (landed.origin === window.location.origin && landed.pathname.startsWith("/sso/")) window.location.assign(landed.href);
      })
      .catch(() => undefined);
  }, [session, atRoot]);

  const hero = (
    <div className="flex h-[280px] flex-col justify-center gap-3 rounded-xl bg-gradient-to-br from-primary to-[#13c2c2] p-8 text-white sm:h-[360px]" data-testid="hero">
      <h1 className="text-3xl font-bold">{t("heroTitle")}</h1>
      <p className="max-w-xl text-white/85">{t("heroText")}</p>
    </div>
  );
  return (
    <SitePage>
      <div className="flex flex-col gap-8" data-testid="home">
        <Carousel items={slides ?? []} fallback={hero} />
        <section className="flex flex-wrap items-center gap-3">
          <h2 className="mr-auto text-xl font-semibold">{t("welcome")}</h2>
          <Button asChild>
            <Link href={session ? "/knowledgeGraph/index" : "/login"} data-testid="home-start">
              {session ? t("enter") : t("signIn")}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/graphCommonMore">
              <Library size={14} />
              {t("library")}
            </Link>
          </Button>
        </section>
        <section className="grid grid-cols-1 gap-4 md:grid-cols-3">
          {FEATURES.map(({ key, icon: Icon }) => (
            <article key={key} className="rounded-lg bg-card p-5 shadow-sm">
              <Icon className="mb-3 text-primary" size={28} />
              <h3 className="mb-1 font-semibold">{t(`features.${key}.title`)}</h3>
              <p className="text-sm text-muted">{t(`features.${key}.text`)}</p>
            </article>
          ))}
        </section>
        <section className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Link href="/help_v" className="flex items-center gap-3 rounded-lg bg-card p-5 shadow-sm hover:text-primary">
            <PlayCircle size={28} className="text-primary" />
            <span>
              <span className="block font-semibold">{t("videos")}</span>
              <span className="text-sm text-muted">{t("videosText")}</span>
            </span>
          </Link>
          <Link href="/help_doc" className="flex items-center gap-3 rounded-lg bg-card p-5 shadow-sm hover:text-primary">
            <BookOpen size={28} className="text-primary" />
            <span>
              <span className="block font-semibold">{t("docs")}</span>
              <span className="text-sm text-muted">{t("docsText")}</span>
            </span>
          </Link>
        </section>
        {session !== undefined && (
          <section className="rounded-lg bg-card p-5 shadow-sm" data-testid="home-library">
            <h2 className="mb-3 text-lg font-semibold">{t("library")}</h2>
            <LibraryList publicView />
          </section>
        )}
        {!session && (
          <section className="rounded-lg bg-card p-5 shadow-sm">
            <h2 className="mb-1 text-lg font-semibold">{t("trialTitle")}</h2>
            <p className="mb-4 text-sm text-muted">{t("trialText")}</p>
            <TrialForm />
          </section>
        )}
      </div>
    </SitePage>
  );
}
