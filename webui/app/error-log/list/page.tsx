"use client";
import { ErrorLogList } from "@/components/site/error-log-list";

export default function Page() {
  return <ErrorLogList />;
}
