"use client";
import { Moon, Sun } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { usePreferences } from "@/hooks/use-preferences";
import { setPreferences } from "@/lib/preferences";

export function ThemeToggle() {
  const t = useTranslations("shell");
  const { darkMode } = usePreferences();
  return (
    <Button
      variant="ghost"
      size="icon"
      data-testid="theme-toggle"
      aria-pressed={darkMode}
      title={darkMode ? t("lightMode") : t("darkMode")}
      aria-label={darkMode ? t("lightMode") : t("darkMode")}
      onClick={() => setPreferences({ darkMode: !darkMode })}
    >
      {darkMode ? <Sun size={16} /> : <Moon size={16} />}
    </Button>
  );
}
