"use client";
import { LockKeyhole } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useSession } from "@/hooks/use-session";
import { login, logout } from "@/lib/api/auth";
import { ApiError } from "@/lib/api/client";
import { unlock } from "@/lib/settings/lock";
import { takeRedirect } from "@/lib/session";

/** /lock: the screen is locked until the signed-in user's password is entered again. */
export default function LockPage() {
  const t = useTranslations("settings.lockScreen");
  const session = useSession();
  const router = useRouter();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (session === null) router.replace("/login");
  }, [session, router]);
  if (!session) return null;
  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-br from-[#0960bd]/30 via-background to-background p-6">
      <form
        className="flex w-[320px] flex-col items-center gap-3 rounded-lg bg-card p-8 shadow-lg"
        data-testid="lock-screen"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!password) return setError(t("passwordRequired"));
          try {
            await login(session.profile.UserName, password);
            unlock();
            const back = takeRedirect();
            router.replace(back && back.startsWith("/") && !back.startsWith("//") ? back : "/knowledgeGraph/index");
          } catch (cause) {
            if (cause instanceof ApiError) setError(cause.message);
          }
        }}
      >
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-primary text-white">
          <LockKeyhole size={26} />
        </span>
        <p className="font-semibold">{session.profile.Name}</p>
        <p className="text-sm text-muted">{t("locked")}</p>
        <Input type="password" aria-label={t("password")} placeholder={t("password")} value={password} onChange={(e) => setPassword(e.target.value)} data-testid="lock-password" />
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <Button type="submit" className="w-full" data-testid="lock-submit">
          {t("unlock")}
        </Button>
        <Button
          type="button"
          variant="ghost"
          className="w-full"
          onClick={async () => {
            unlock();
            await logout();
            router.replace("/login");
          }}
        >
          {t("signOut")}
        </Button>
      </form>
    </div>
  );
}
