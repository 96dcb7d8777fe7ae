import { redirect } from "next/navigation";

/** SPEC §2: userManage leads to /userManage/index. */
export default function Page() {
  redirect("/userManage/index");
}
