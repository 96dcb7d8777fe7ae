"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api/client";
import { sendSmsCode, smsLogin } from "@/lib/api/sign-in";
import { SMS_RESEND_SECONDS, isSmsCode, isTel } from "@/lib/site/sso";

/** SMS-code sign-in: send a code (one a minute), then trade phone and code for a session. */
export function SmsLoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const t = useTranslations("signIn.sms");
  const [tel, setTel] = useState("");
  const [code, setCode] = useState("");
  const [wait, setWait] = useState(0);
  // A check of ours is kept by name so it follows a language switch; the server's answer is kept as said.
  const [error, setError] = useState<"telInvalid" | "codeInvalid" | { text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  async function send() {
    if (!isTel(tel)) return setError("telInvalid");
    setError(null);
    try {
      const answer = await sendSmsCode(tel);
      setWait(answer.resendAfter || SMS_RESEND_SECONDS);
    } catch (cause) {
      if (cause instanceof ApiError) setError({ text: cause.message });
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!isTel(tel)) return setError("telInvalid");
    if (!isSmsCode(code)) return setError("codeInvalid");
    setBusy(true);
    setError(null);
    try {
      await smsLogin(tel, code);
      onSignedIn();
    } catch (cause) {
      if (cause instanceof ApiError) setError({ text: cause.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="sms-form">
      <label className="mb-1 block text-sm" htmlFor="tel">
        {t("tel")}
      </label>
      <Input id="tel" name="tel" inputMode="numeric" autoComplete="tel" value={tel} onChange={(e) => setTel(e.target.value)} className="mb-4 h-10" />
      <label className="mb-1 block text-sm" htmlFor="smsCode">
        {t("code")}
      </label>
      <div className="mb-4 flex gap-2">
        <Input id="smsCode" name="smsCode" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} className="h-10" />
        <Button type="button" variant="outline" size="lg" className="shrink-0 px-3 text-sm" disabled={wait > 0} onClick={() => void send()} data-testid="sms-send">
          {wait > 0 ? t("resendIn", { seconds: wait }) : t("send")}
        </Button>
      </div>
      {error && (
        <p role="alert" className="mb-4 text-sm text-danger" data-testid="sms-error">
          {error === "telInvalid" ? t("telInvalid") : error === "codeInvalid" ? t("codeInvalid") : error.text}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={busy} data-testid="sms-submit">
        {busy ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
