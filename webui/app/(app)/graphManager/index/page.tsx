"use client";
import { GraphManager } from "@/components/manage/graph-manager";

export default function Page() {
  return <GraphManager />;
}
