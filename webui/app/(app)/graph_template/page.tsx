import { redirect } from "next/navigation";

/** SPEC §2: graph_template leads to /graph_entitys. */
export default function Page() {
  redirect("/graph_entitys");
}
