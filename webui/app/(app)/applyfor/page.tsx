import { redirect } from "next/navigation";

/** SPEC §2: applyfor leads to /applyfor/index. */
export default function Page() {
  redirect("/applyfor/index");
}
