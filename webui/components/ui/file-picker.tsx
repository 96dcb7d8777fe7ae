"use client";
import { Upload } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { cn } from "@/lib/utils";

/**
 * A file field that looks like the rest of the UI: a drop zone (drag a file onto it, or click or
 * focus it and press Space to browse) naming the chosen file. The native input stays in the page, visually
 * hidden, so forms, labels and browser tests work as with a plain input.
 */
export function FilePicker({ accept, file, onChange, testId, className }: { accept: string; file: File | null; onChange: (file: File | null) => void; testId?: string; className?: string }) {
  const t = useTranslations("filePicker");
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // A div, not a label: the field around it (components/ui/field) is the input's label already.
  return (
    <div
      className={cn(
        "flex cursor-pointer flex-col items-center gap-1 rounded-md border border-dashed border-border px-3 py-4 text-center text-sm transition-colors focus-within:ring-2 focus-within:ring-primary hover:border-primary",
        over && "border-primary bg-primary/5",
        className,
      )}
      onClick={(event) => event.target !== input.current && (event.preventDefault(), input.current?.click())}
      onDragOver={(event) => (event.preventDefault(), setOver(true))}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const dropped = event.dataTransfer.files?.[0];
        if (dropped) onChange(dropped);
      }}
      data-testid={testId ? `${testId}-zone` : undefined}
    >
      <Upload size={18} className="text-primary" aria-hidden />
      <span className="font-medium">{file ? file.name : t("choose")}</span>
      <span className="text-xs text-muted">{file ? t("replace") : t("types", { types: accept.replaceAll(",", " ") })}</span>
      <input ref={input} type="file" accept={accept} aria-label={t("choose")} className="sr-only" data-testid={testId} onChange={(event) => onChange(event.target.files?.[0] ?? null)} />
    </div>
  );
}
