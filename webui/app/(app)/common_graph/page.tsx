import { redirect } from "next/navigation";

/** SPEC §2: common_graph leads to /common_graphs. */
export default function Page() {
  redirect("/common_graphs");
}
