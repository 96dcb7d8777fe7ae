import { redirect } from "next/navigation";

/** SPEC §2: relationGroup leads to /relationGroup/index. */
export default function Page() {
  redirect("/relationGroup/index");
}
