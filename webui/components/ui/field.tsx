import * as React from "react";
import { cn } from "@/lib/utils";

/** A labelled form row. */
export function Field({ label, children, className, required }: { label: string; children: React.ReactNode; className?: string; required?: boolean }) {
  return (
    <label className={cn("flex flex-col gap-1 text-sm", className)}>
      <span className="text-muted">
        {required && <span className="mr-0.5 text-danger">*</span>}
        {label}
      </span>
      {children}
    </label>
  );
}
