"use client";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { CarouselRow } from "@/lib/api/manage";
import { cn } from "@/lib/utils";

export const CAROUSEL_INTERVAL_MS = 5000;

/** The welcome page carousel: images from /api/carousel/list, auto-advancing, with dots and arrows. */
export function Carousel({ items, fallback }: { items: CarouselRow[]; fallback: React.ReactNode }) {
  const t = useTranslations("site.home");
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = items.length;
  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count, paused]);
  if (count === 0) return <>{fallback}</>;
  const current = items[index % count];
  const image = <img src={current.imageUrl} alt={current.title} className="h-full w-full object-cover" />;
  return (
    <div
      className="relative h-[280px] overflow-hidden rounded-xl bg-black/5 sm:h-[360px]"
      data-testid="carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      {current.link ? (
        <a href={current.link} className="block h-full">
          {image}
        </a>
      ) : (
        image
      )}
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/60 to-transparent px-5 pb-8 pt-12 text-lg font-semibold text-white" data-testid="carousel-title">
        {current.title}
      </div>
      {count > 1 && (
        <>
          <button className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-black/30 p-1.5 text-white hover:bg-black/50" aria-label={t("previous")} onClick={() => setIndex((index - 1 + count) % count)}>
            <ChevronLeft size={18} />
          </button>
          <button className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-black/30 p-1.5 text-white hover:bg-black/50" aria-label={t("next")} onClick={() => setIndex((index + 1) % count)}>
            <ChevronRight size={18} />
          </button>
          <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1.5">
            {items.map((item, i) => (
              <button
                key={item.id}
                aria-label={t("slide", { number: i + 1 })}
                className={cn("h-1.5 rounded-full bg-white/60 transition-all", i === index % count ? "w-6 bg-white" : "w-3")}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
