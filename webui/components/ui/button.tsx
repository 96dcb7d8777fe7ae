import { Slot } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "@/lib/utils";

const buttonVariants = cva(
  "inline-flex items-center justify-center gap-1.5 rounded-md text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/50 cursor-pointer disabled:pointer-events-none",
  {
    variants: {
      variant: {
        // Disabled is grey in every variant: a faded colour still reads as enabled on the dark theme.
        primary: "bg-primary text-primary-foreground hover:bg-primary/90 disabled:bg-black/10 disabled:text-muted dark:disabled:bg-white/10",
        outline: "border border-border bg-card hover:border-primary hover:text-primary disabled:border-dashed disabled:bg-black/5 disabled:text-muted dark:disabled:bg-white/5",
        ghost: "hover:bg-black/5 dark:hover:bg-white/10 disabled:text-muted disabled:opacity-70",
        danger: "bg-danger text-white hover:bg-danger/90 disabled:bg-black/10 disabled:text-muted dark:disabled:bg-white/10",
      },
      size: { sm: "h-7 px-2.5", md: "h-8 px-3.5", lg: "h-10 px-5 text-base", icon: "h-8 w-8" },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export interface ButtonProps extends React.ButtonHTMLAttributes<HTMLButtonElement>, VariantProps<typeof buttonVariants> {
  asChild?: boolean;
}

export const Button = React.forwardRef<HTMLButtonElement, ButtonProps>(({ className, variant, size, asChild, ...props }, ref) => {
  const Component = asChild ? Slot.Root : "button";
  return <Component ref={ref} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
});
Button.displayName = "Button";
