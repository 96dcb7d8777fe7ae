"use client";
import { ArrowUp, Lock, RotateCcw, Settings, X } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { LanguagePicker } from "@/components/shell/language-picker";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { usePreferences } from "@/hooks/use-preferences";
import { DEFAULT_PREFERENCES, setPreferences } from "@/lib/preferences";
import {
  HEADER_COLOURS,
  htmlAttributes,
  MENU_COLOURS,
  OPEN_SETTINGS_EVENT,
  resetDisplay,
  setDisplay,
  THEME_COLOURS,
  type DisplaySettings,
} from "@/lib/settings/display";
import { isLocked, lock } from "@/lib/settings/lock";
import { useDisplay } from "@/lib/settings/use-display";
import { storeRedirect } from "@/lib/session";
import { cn } from "@/lib/utils";

// Rules keyed on <html> attributes: the shell's own files stay untouched.
const RULES = `
html[data-breadcrumb=off] [data-testid=breadcrumb]{display:none}
html[data-content=fixed] main > *{max-width:1200px;margin-left:auto;margin-right:auto}
`;
// The gear and back-to-top sit in a strip the page leaves free on its right, so they never cover a page's own buttons.
const CHROME_GUTTER = "main{margin-right:2.5rem}";
// In the header the gear takes the header's right end, and the header's own controls move left of it.
const HEADER_GEAR_ROOM = "[data-testid=header]{padding-right:3rem}";

/** The project-config drawer of SPEC §3, its button, back-to-top, and the settings applied to the page. */
export function SettingsHost() {
  const t = useTranslations("settings");
  const display = useDisplay();
  const preferences = usePreferences();
  const [open, setOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const router = useRouter();

  useEffect(() => {
    const show = () => setOpen(true);
    window.addEventListener(OPEN_SETTINGS_EVENT, show);
    return () => window.removeEventListener(OPEN_SETTINGS_EVENT, show);
  }, []);

  // A locked screen stays locked whatever address is typed.
  useEffect(() => {
    if (isLocked()) router.replace("/lock");
  }, [router]);

  useEffect(() => {
    const { data, style } = htmlAttributes(display, preferences.themeColor);
    const root = document.documentElement;
    for (const [key, value] of Object.entries(data)) root.dataset[key] = value;
    root.style.setProperty("--primary", style["--primary"]);
    root.style.filter = style.filter === "none" ? "" : style.filter;
  }, [display, preferences.themeColor]);

  useEffect(() => {
    const main = document.querySelector("main");
    if (!main || !display.useOpenBackTop) return;
    const onScroll = () => setScrolled(main.scrollTop > 400);
    main.addEventListener("scroll", onScroll);
    return () => main.removeEventListener("scroll", onScroll);
  }, [display.useOpenBackTop]);

  const toggle = (key: keyof DisplaySettings, label: string) => (
    <label className="flex items-center justify-between py-1.5 text-sm">
      {label}
      <input type="checkbox" className="h-4 w-4" checked={Boolean(display[key])} onChange={(e) => setDisplay({ [key]: e.target.checked })} data-testid={`setting-${key}`} />
    </label>
  );
  const swatches = (colours: string[], value: string, pick: (colour: string) => void, name: string) => (
    <div className="flex flex-wrap gap-1.5" role="radiogroup" aria-label={name}>
      {colours.map((colour) => (
        <button
          key={colour}
          type="button"
          role="radio"
          aria-checked={value.toLowerCase() === colour}
          aria-label={colour}
          title={colour}
          className={cn("h-6 w-6 rounded border border-border", value.toLowerCase() === colour && "ring-2 ring-primary ring-offset-1")}
          style={{ background: colour }}
          onClick={() => pick(colour)}
          data-testid={`${name}-${colour}`}
        />
      ))}
    </div>
  );

  const gutter = (display.showSettingButton && display.settingButtonPosition === "fixed") || display.useOpenBackTop;
  return (
    <>
      <style>
        {RULES + (gutter ? CHROME_GUTTER : "") + (display.showSettingButton && display.settingButtonPosition === "header" ? HEADER_GEAR_ROOM : "")}
      </style>
      {display.showSettingButton && (
        <button
          type="button"
          aria-label={t("open")}
          title={t("open")}
          data-testid="settings-button"
          onClick={() => setOpen(true)}
          className={cn(
            "fixed z-30 flex items-center justify-center rounded-l-md bg-primary text-white shadow-lg",
            display.settingButtonPosition === "header" ? "right-2 top-2 h-8 w-8 rounded-md" : "right-0 top-1/3 h-10 w-10",
          )}
        >
          <Settings size={18} />
        </button>
      )}
      {display.useOpenBackTop && scrolled && (
        <button
          type="button"
          aria-label={t("backTop")}
          className="fixed bottom-8 right-0 z-30 flex h-10 w-10 items-center justify-center rounded-l-md bg-primary text-white shadow-lg"
          onClick={() => document.querySelector("main")?.scrollTo({ top: 0, behavior: "smooth" })}
          data-testid="back-top"
        >
          <ArrowUp size={18} />
        </button>
      )}
      {open && (
        <div className="fixed inset-0 z-50 flex justify-end" data-testid="settings-drawer">
          <button aria-label={t("close")} className="flex-1 bg-black/30" onClick={() => setOpen(false)} />
          <aside className="flex h-full w-[320px] flex-col overflow-y-auto bg-card p-4 text-foreground shadow-xl">
            <header className="mb-3 flex items-center">
              <h2 className="flex-1 font-semibold">{t("title")}</h2>
              <Button variant="ghost" size="icon" aria-label={t("close")} onClick={() => setOpen(false)}>
                <X size={16} />
              </Button>
            </header>
            <Section title={t("darkMode")}>
              {toggleDark(preferences.darkMode, t("darkModeLabel"))}
            </Section>
            <Section title={t("themeColor")}>{swatches(THEME_COLOURS, preferences.themeColor, (c) => setPreferences({ themeColor: c }), "theme")}</Section>
            <Section title={t("headerTheme")}>{swatches(HEADER_COLOURS, preferences.headerBg, (c) => setPreferences({ headerBg: c }), "header")}</Section>
            <Section title={t("menuTheme")}>{swatches(MENU_COLOURS, preferences.menuBg, (c) => setPreferences({ menuBg: c }), "menu")}</Section>
            <Section title={t("interface")}>
              <label className="flex items-center justify-between py-1.5 text-sm">
                {t("contentMode")}
                <Select value={display.contentMode} onChange={(e) => setDisplay({ contentMode: e.target.value as DisplaySettings["contentMode"] })} data-testid="setting-contentMode">
                  <option value="full">{t("full")}</option>
                  <option value="fixed">{t("fixed")}</option>
                </Select>
              </label>
              {toggle("showBreadCrumb", t("breadcrumb"))}
              {toggle("showBreadCrumbIcon", t("breadcrumbIcon"))}
              {toggle("showFooter", t("footer"))}
              {toggle("grayMode", t("grayMode"))}
              {toggle("colorWeak", t("colorWeak"))}
              {toggle("openKeepAlive", t("keepAlive"))}
              {toggle("useOpenBackTop", t("backTop"))}
              {toggle("showSettingButton", t("settingButton"))}
              <label className="flex items-center justify-between py-1.5 text-sm">
                {t("settingButtonPosition")}
                <Select value={display.settingButtonPosition} onChange={(e) => setDisplay({ settingButtonPosition: e.target.value as DisplaySettings["settingButtonPosition"] })} data-testid="setting-settingButtonPosition">
                  <option value="fixed">{t("positionFixed")}</option>
                  <option value="header">{t("positionHeader")}</option>
                </Select>
              </label>
            </Section>
            <Section title={t("locale")}>
              <LanguagePicker />
            </Section>
            <Button
              variant="outline"
              className="mt-4"
              data-testid="lock-button"
              onClick={() => {
                storeRedirect(window.location.pathname + window.location.search);
                lock();
                router.replace("/lock");
              }}
            >
              <Lock size={14} />
              {t("lock")}
            </Button>
            <Button
              variant="outline"
              className="mt-2"
              onClick={() => {
                resetDisplay();
                setPreferences({ themeColor: DEFAULT_PREFERENCES.themeColor, headerBg: DEFAULT_PREFERENCES.headerBg, menuBg: DEFAULT_PREFERENCES.menuBg });
              }}
              data-testid="settings-reset"
            >
              <RotateCcw size={14} />
              {t("reset")}
            </Button>
            <p className="mt-2 text-xs text-muted">{t("hint")}</p>
          </aside>
        </div>
      )}
    </>
  );
}

function toggleDark(on: boolean, label: string) {
  return (
    <label className="flex items-center justify-between py-1.5 text-sm">
      {label}
      <input type="checkbox" className="h-4 w-4" checked={on} onChange={(e) => setPreferences({ darkMode: e.target.checked })} data-testid="setting-darkMode" />
    </label>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-b border-border py-3">
      <h3 className="mb-2 text-xs font-medium text-muted">{title}</h3>
      {children}
    </section>
  );
}
