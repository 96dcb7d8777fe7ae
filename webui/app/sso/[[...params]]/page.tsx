import { SsoLogin } from "@/components/site/sso-login";

/** /sso/{ticket?}/{mode?}: trade a single sign-on ticket, no sign-in needed (SPEC §2). */
export default async function SsoPage({ params }: { params: Promise<{ params?: string[] }> }) {
  const [ticket = "", mode = "list"] = (await params).params ?? [];
  return <SsoLogin ticket={decodeURIComponent(ticket)} mode={mode} />;
}
