"use client";
import { PlatformStatistics } from "@/components/manage/platform-statistics";

export default function Page() {
  return <PlatformStatistics />;
}
