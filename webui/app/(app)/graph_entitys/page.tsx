"use client";
import { EntityManager } from "@/components/manage/entity-manager";

export default function Page() {
  return <EntityManager />;
}
