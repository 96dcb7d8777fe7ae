import * as React from "react";
import { cn } from "@/lib/utils";

/** A styled native select: keyboard and screen-reader friendly with no extra code. */
export const Select = React.forwardRef<HTMLSelectElement, React.SelectHTMLAttributes<HTMLSelectElement>>(({ className, ...props }, ref) => (
  <select
    ref={ref}
    className={cn("h-8 rounded-md border border-border bg-card px-2 text-sm outline-none focus:border-primary", className)}
    {...props}
  />
));
Select.displayName = "Select";
