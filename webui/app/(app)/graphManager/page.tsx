import { redirect } from "next/navigation";

/** SPEC §2: graphManager leads to /graphManager/index. */
export default function Page() {
  redirect("/graphManager/index");
}
