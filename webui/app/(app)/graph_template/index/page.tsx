"use client";
import { TemplateManager } from "@/components/manage/template-manager";

export default function Page() {
  return <TemplateManager />;
}
