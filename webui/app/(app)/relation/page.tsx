import { redirect } from "next/navigation";

/** SPEC §2: relation leads to /relation/index. */
export default function Page() {
  redirect("/relation/index");
}
