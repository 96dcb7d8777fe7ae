"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ssoLogin } from "@/lib/api/sign-in";
import { takeRedirect } from "@/lib/session";
import { authorizeRedirectUrl, ssoTarget } from "@/lib/site/sso";

/** Trades the ticket, then goes to the stored redirect or by jump type (list: home, detail: the graph by its type). */
export function SsoLogin({ ticket, mode, graphId }: { ticket: string; mode: string; graphId?: string }) {
  const t = useTranslations("signIn.sso");
  const router = useRouter();
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!ticket) {
      // No ticket: ask the server for one (it signs in first when needed).
      window.location.assign(authorizeRedirectUrl(window.location.origin, mode === "detail" ? "detail" : "list", graphId));
      return;
    }
    ssoLogin(ticket)
      .then((jump) => router.replace(ssoTarget({ ...jump, mode: jump.mode || mode }, takeRedirect())))
      .catch((error: Error) => setFailed(error.message));
  }, [ticket, mode, graphId, router]);
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center" data-testid="sso">
      {failed ? (
        <>
          <p className="text-lg font-semibold">{t("failed")}</p>
          <p className="text-sm text-muted" data-testid="sso-error">
            {failed}
          </p>
          <Button asChild>
            <Link href="/login">{t("signIn")}</Link>
          </Button>
        </>
      ) : (
        <p className="text-muted">{t("working")}</p>
      )}
    </div>
  );
}
