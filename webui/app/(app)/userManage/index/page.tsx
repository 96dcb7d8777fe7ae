"use client";
import { UserManager } from "@/components/manage/user-manager";

export default function Page() {
  return <UserManager />;
}
