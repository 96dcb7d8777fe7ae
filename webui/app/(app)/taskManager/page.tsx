"use client";
import { TaskManager } from "@/components/manage/task-manager";

export default function Page() {
  return <TaskManager />;
}
