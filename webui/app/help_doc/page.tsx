"use client";
import { HelpList } from "@/components/site/help-list";

export default function Page() {
  return <HelpList kind="doc" />;
}
