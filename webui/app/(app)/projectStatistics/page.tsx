import { Suspense } from "react";
import { ProjectStatistics } from "@/components/manage/project-statistics";

export default function Page() {
  return (
    <Suspense>
      <ProjectStatistics />
    </Suspense>
  );
}
