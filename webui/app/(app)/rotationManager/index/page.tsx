"use client";
import { CarouselManager } from "@/components/manage/carousel-manager";

export default function Page() {
  return <CarouselManager />;
}
