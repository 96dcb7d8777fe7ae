"use client";
import { RelationTypeManager } from "@/components/manage/relation-type-manager";

export default function Page() {
  return <RelationTypeManager mode="catalogue" />;
}
