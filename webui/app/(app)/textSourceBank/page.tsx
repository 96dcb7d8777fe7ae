import { redirect } from "next/navigation";

/** SPEC §2: textSourceBank leads to /textSourceBank/index. */
export default function Page() {
  redirect("/textSourceBank/index");
}
