import { redirect } from "next/navigation";

/** SPEC §2: projectManage leads to /projectManage/index. */
export default function Page() {
  redirect("/projectManage/index");
}
