"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { ComparePage } from "@/lib/api/excavate";
import { cn } from "@/lib/utils";

/**
 * One page of a text material: its image with the recognised lines' boxes beside the lines
 * themselves; hovering either lights both. `imageSrc` is undefined while the image is on its way.
 * Shared by the signed-in compare screen and the visitors' view of a public material.
 */
export function ComparePageView({ page, imageSrc, testId }: { page: ComparePage; imageSrc: string | null | undefined; testId: string }) {
  const t = useTranslations("excavate.compare");
  const [hover, setHover] = useState<number | null>(null);
  const width = page.width ?? 1;
  const height = page.height ?? 1;
  return (
    <section className="grid grid-cols-1 gap-3 rounded-lg bg-card p-3 lg:grid-cols-2" data-testid={`${testId}-page`}>
      {/* White under a scanned page; the note of a page without one takes the theme's ground. */}
      <div className={cn("relative self-start overflow-hidden rounded border border-border", imageSrc ? "bg-white" : "bg-background")}>
        {page.image ? (
          imageSrc ? (
            <>
              <img src={imageSrc} alt={t("pageImage", { number: page.page })} className="block w-full" />
              {page.lines.map((line, index) =>
                line.box ? (
                  <span
                    key={index}
                    className={cn("absolute border", hover === index ? "border-primary bg-primary/25" : "border-primary/30")}
                    style={{
                      left: `${(line.box[0] / width) * 100}%`,
                      top: `${(line.box[1] / height) * 100}%`,
                      width: `${((line.box[2] - line.box[0]) / width) * 100}%`,
                      height: `${((line.box[3] - line.box[1]) / height) * 100}%`,
                    }}
                    onMouseEnter={() => setHover(index)}
                    onMouseLeave={() => setHover(null)}
                  />
                ) : null,
              )}
            </>
          ) : (
            <p className="p-6 text-center text-sm text-muted">{t("loadingImage")}</p>
          )
        ) : (
          <p className="p-6 text-center text-sm text-muted">{t("noImage")}</p>
        )}
      </div>
      <ol className="flex flex-col gap-0.5 text-sm leading-6">
        <li className="mb-1 text-xs text-muted">
          {t("page", { number: page.page })}
          {page.ocr && ` · ${t("ocr")}`}
          {page.ocr && page.ocrConfidence != null && ` · ${t("confidence", { value: Math.round(page.ocrConfidence) })}`}
        </li>
        {page.unreliable && (
          <li className="mb-1 rounded bg-warning/15 px-2 py-1 text-xs text-warning" role="note" data-testid={`${testId}-unreliable`}>
            {t("unreliable")}
          </li>
        )}
        {page.lines.map((line, index) => (
          <li
            key={index}
            className={cn("rounded px-1", hover === index && "bg-primary/15")}
            onMouseEnter={() => setHover(index)}
            onMouseLeave={() => setHover(null)}
            data-testid={`${testId}-line`}
          >
            {line.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
