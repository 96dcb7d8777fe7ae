"use client";
import { SourceBank } from "@/components/manage/source-bank";

export default function Page() {
  return <SourceBank />;
}
