"use client";
import { useTranslations } from "next-intl";
import { useRouter, useSearchParams } from "next/navigation";
import { Suspense, useEffect, useState } from "react";
import { LanguagePicker } from "@/components/shell/language-picker";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { SmsLoginForm } from "@/components/site/sms-login-form";
import { login } from "@/lib/api/auth";
import { ApiError } from "@/lib/api/client";
import { sessionTimedOut, takeRedirect } from "@/lib/session";

const DEFAULT_TARGET = "/knowledgeGraph/index";

function safeTarget(candidate: string | null): string {
  // Only same-site paths: never send a user to another origin after sign-in.
  return candidate && candidate.startsWith("/") && !candidate.startsWith("//") && !candidate.startsWith("/login") ? candidate : DEFAULT_TARGET;
}

function LoginForm() {
  const t = useTranslations("login");
  const router = useRouter();
  const params = useSearchParams();
  const [userName, setUserName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  const [way, setWay] = useState<"account" | "sms">("account");
  const tWays = useTranslations("signIn");
  useEffect(() => setTimedOut(sessionTimedOut()), []);
  // The SSO authorize-redirect (an API path) is left by a full page load, not the app router.
  const go = (target: string) => (target.startsWith("/basic-api/") ? window.location.assign(target) : router.replace(target));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!userName.trim()) return setError(t("userNameRequired"));
    if (!password) return setError(t("passwordRequired"));
    setBusy(true);
    setError(null);
    try {
      await login(userName.trim(), password);
      go(safeTarget(params.get("redirect") ?? takeRedirect()));
    } catch (cause) {
      if (cause instanceof ApiError) setError(cause.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="w-[360px] rounded-lg bg-card p-8 shadow-lg">
      <h1 className="text-xl font-semibold">{t("title")}</h1>
      <p className="mb-4 mt-1 text-sm text-muted">{t("subtitle")}</p>
      {timedOut && <p className="mb-4 rounded bg-amber-100 px-3 py-2 text-sm text-amber-900" data-testid="session-timeout">{t("sessionTimeout")}</p>}
      {/* Issue 9: account or SMS-code sign-in. */}
      <div className="mb-4 flex gap-4 border-b border-border text-sm" role="tablist">
        {(["account", "sms"] as const).map((option) => (
          <button key={option} type="button" role="tab" aria-selected={way === option} data-testid={`sign-in-${option}`} onClick={() => setWay(option)}
            className={`-mb-px border-b-2 pb-2 ${way === option ? "border-primary text-primary" : "border-transparent text-muted"}`}>
            {tWays(`${option}Tab`)}
          </button>
        ))}
      </div>
      {way === "sms" ? (
        <SmsLoginForm onSignedIn={() => go(safeTarget(params.get("redirect") ?? takeRedirect()))} />
      ) : (
    <form onSubmit={submit} noValidate>
      <label className="mb-1 block text-sm" htmlFor="userName">
        {t("userName")}
      </label>
      <Input id="userName" name="userName" autoComplete="username" value={userName} onChange={(e) => setUserName(e.target.value)} className="mb-4 h-10" />
      <label className="mb-1 block text-sm" htmlFor="password">
        {t("password")}
      </label>
      <Input id="password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} className="mb-4 h-10" />
      {error && (
        <p role="alert" className="mb-4 text-sm text-danger" data-testid="login-error">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? t("submitting") : t("submit")}
      </Button>
    </form>
      )}
    </div>
  );
}

export default function LoginPage() {
  return (
    <div className="relative flex min-h-screen items-center justify-center bg-gradient-to-br from-[#0960bd]/20 via-background to-background">
      <div className="absolute right-4 top-4 flex items-center gap-2">
        <ThemeToggle />
        <LanguagePicker />
      </div>
      <Suspense>
        <LoginForm />
      </Suspense>
    </div>
  );
}
