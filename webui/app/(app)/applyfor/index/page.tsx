"use client";
import { TrialManager } from "@/components/manage/trial-manager";

export default function Page() {
  return <TrialManager />;
}
