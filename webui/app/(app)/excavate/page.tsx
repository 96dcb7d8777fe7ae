import { redirect } from "next/navigation";

/** SPEC §2: excavate leads to /excavate/textSource. */
export default function Page() {
  redirect("/excavate/textSource");
}
