"use client";
import { UnitManager } from "@/components/manage/unit-manager";

export default function Page() {
  return <UnitManager />;
}
