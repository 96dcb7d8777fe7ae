import { redirect } from "next/navigation";

/** The root path goes to the welcome page (SPEC §2). */
export default function RootPage() {
  redirect("/home");
}
