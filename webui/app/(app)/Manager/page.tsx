import { redirect } from "next/navigation";

/** SPEC §2: Manager leads to /Manager/index. */
export default function Page() {
  redirect("/Manager/index");
}
