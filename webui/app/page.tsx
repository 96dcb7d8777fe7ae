import { redirect } from "next/navigation";

/** The root path goes to the welcome page (SPEC §2), which knows it came from the root (SSO). */
export default function RootPage() {
  redirect("/home?from=root");
}
