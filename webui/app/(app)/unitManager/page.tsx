import { redirect } from "next/navigation";

/** SPEC §2: unitManager leads to /unitManager/index. */
export default function Page() {
  redirect("/unitManager/index");
}
