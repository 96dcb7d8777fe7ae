import { SsoLogin } from "@/components/site/sso-login";

/** /sso/{ticket?}/{mode?}: trade a single sign-on ticket, no sign-in needed (SPEC §2).
 * Without a ticket, /sso?mode=detail&graphId=… asks the server for a detail ticket for that graph. */
export default async function SsoPage({
  params,
  searchParams,
}: {
  params: Promise<{ params?: string[] }>;
  searchParams: Promise<{ graphId?: string | string[]; mode?: string | string[] }>;
}) {
  const query = await searchParams;
  const [ticket = "", mode = typeof query.mode === "string" ? query.mode : "list"] = (await params).params ?? [];
  const graphId = query.graphId;
  return <SsoLogin ticket={decodeURIComponent(ticket)} mode={mode} graphId={typeof graphId === "string" ? graphId : undefined} />;
}
