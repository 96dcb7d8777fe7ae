"use client";
import { Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { SitePage } from "@/components/site/site-header";
import { Button } from "@/components/ui/button";
import { clearErrorLog, readErrorLog, type ErrorLogEntry } from "@/lib/error-log";
import { formatTime } from "@/lib/manage/format";

/** /error-log/list: the request and script errors this browser recorded (SPEC §8). */
export function ErrorLogList() {
  const t = useTranslations("site.errorLog");
  const [entries, setEntries] = useState<ErrorLogEntry[]>([]);
  useEffect(() => setEntries(readErrorLog()), []);
  return (
    <SitePage>
      <div className="mb-3 flex items-center gap-2">
        <h1 className="mr-auto text-xl font-semibold">{t("title")}</h1>
        <Button
          variant="outline"
          onClick={() => {
            clearErrorLog();
            setEntries([]);
          }}
        >
          <Trash2 size={14} />
          {t("clear")}
        </Button>
      </div>
      <div className="overflow-x-auto rounded-lg bg-card">
        <table className="w-full min-w-[720px] text-sm" data-testid="error-log">
          <thead className="text-left">
            <tr>
              {(["time", "method", "url", "status", "message"] as const).map((key) => (
                <th key={key} className="px-3 py-2 font-medium">
                  {t(key)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, index) => (
              <tr key={index} className="border-t border-border" data-testid="error-row">
                <td className="whitespace-nowrap px-3 py-1.5">{formatTime(entry.time)}</td>
                <td className="px-3 py-1.5">{entry.method}</td>
                <td className="max-w-80 truncate px-3 py-1.5" title={entry.url}>
                  {entry.url}
                </td>
                <td className="px-3 py-1.5">{entry.status ?? "—"}</td>
                <td className="px-3 py-1.5">{entry.message}</td>
              </tr>
            ))}
            {entries.length === 0 && (
              <tr>
                <td colSpan={5} className="px-3 py-8 text-center text-muted">
                  {t("empty")}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </SitePage>
  );
}
