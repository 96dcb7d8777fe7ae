"use client";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { PAGE_SIZES, pageCount } from "@/lib/paging";

interface Props {
  page: number;
  pageSize: number;
  total: number;
  sizes?: readonly number[];
  onChange: (page: number, pageSize: number) => void;
}

/** Total, page size (SPEC §9: 10, 20, 30, 50, 100), previous / next. */
export function Pager({ page, pageSize, total, sizes = PAGE_SIZES, onChange }: Props) {
  const t = useTranslations("manage");
  const pages = pageCount(total, pageSize);
  return (
    <div className="flex flex-wrap items-center justify-end gap-2 text-sm" data-testid="manage-pager">
      <span className="text-muted">{t("total", { total })}</span>
      <Select aria-label={t("pageSizeLabel")} value={pageSize} onChange={(e) => onChange(1, Number(e.target.value))}>
        {sizes.map((size) => (
          <option key={size} value={size}>
            {t("pageSize", { size })}
          </option>
        ))}
      </Select>
      <Button variant="outline" size="icon" aria-label={t("previous")} disabled={page <= 1} onClick={() => onChange(page - 1, pageSize)}>
        <ChevronLeft size={14} />
      </Button>
      <span>{t("page", { page, pages })}</span>
      <Button variant="outline" size="icon" aria-label={t("next")} disabled={page >= pages} onClick={() => onChange(page + 1, pageSize)}>
        <ChevronRight size={14} />
      </Button>
    </div>
  );
}
