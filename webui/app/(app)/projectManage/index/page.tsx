"use client";
import { ProjectManager } from "@/components/manage/project-manager";

export default function Page() {
  return <ProjectManager />;
}
