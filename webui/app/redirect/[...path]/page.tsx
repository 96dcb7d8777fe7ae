import { redirect } from "next/navigation";

/** /redirect/{path}: re-enter a path (used to reload a route in place). Same-site paths only. */
export default async function RedirectPage({ params, searchParams }: { params: Promise<{ path: string[] }>; searchParams: Promise<Record<string, string>> }) {
  const segments = (await params).path.map((part) => encodeURIComponent(decodeURIComponent(part)));
  const query = new URLSearchParams(await searchParams).toString();
  redirect(`/${segments.join("/")}${query ? `?${query}` : ""}`);
}
