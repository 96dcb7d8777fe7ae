"use client";
import { LibraryManage } from "@/components/library/library-manage";

export default function Page() {
  return <LibraryManage />;
}
