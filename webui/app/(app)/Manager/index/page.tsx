"use client";
import { DocManager } from "@/components/manage/doc-manager";

export default function Page() {
  return <DocManager />;
}
