"use client";
import { RelationGroupManager } from "@/components/manage/relation-group-manager";

export default function Page() {
  return <RelationGroupManager />;
}
