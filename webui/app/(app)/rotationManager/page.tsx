import { redirect } from "next/navigation";

/** SPEC §2: rotationManager leads to /rotationManager/index. */
export default function Page() {
  redirect("/rotationManager/index");
}
