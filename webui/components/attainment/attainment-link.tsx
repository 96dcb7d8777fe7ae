"use client";
import { useTranslations } from "next-intl";
import Link from "next/link";

const KINDS = ["courseAbility", "majorAbilityTarget"];

/** The way to a graph's attainment page, on the graphs that have one (course objectives, indicators). */
export function AttainmentLink({ graphId, templateKind }: { graphId: number; templateKind: string | undefined }) {
  const t = useTranslations("attainment");
  if (!templateKind || !KINDS.includes(templateKind)) return null;
  return (
    <Link className="text-sm text-primary hover:underline" href={`/attainment/${graphId}`} data-testid="attainment-link">
      {t("link")}
    </Link>
  );
}
