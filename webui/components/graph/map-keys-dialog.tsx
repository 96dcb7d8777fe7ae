"use client";
import { useTranslations } from "next-intl";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";

/** The keys and what they do, in the order a user meets them. */
const KEYS: [string[], string][] = [
  [["Tab"], "addChild"],
  [["Enter"], "addSibling"],
  [["Delete"], "remove"],
  [["F2"], "rename"],
  [["↑", "↓", "←", "→"], "move"],
  [["Space"], "toggle"],
  [["Ctrl/⌘", "C"], "copy"],
  [["Ctrl/⌘", "V"], "paste"],
  [["Ctrl/⌘", "Z"], "undo"],
  [["Shift", "Ctrl/⌘", "Z"], "redo"],
  [["?"], "help"],
];

/** The mind map's keys (`?` opens it), as XMind lists them. */
export function MapKeysDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations("mapKeys");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="map-keys">
        <DialogTitle className="mb-1 text-base font-semibold">{t("title")}</DialogTitle>
        <DialogDescription className="mb-3 text-sm text-muted">{t("intro")}</DialogDescription>
        <table className="w-full text-sm">
          <tbody>
            {KEYS.map(([keys, action]) => (
              <tr key={action} className="border-t border-border">
                <td className="py-1.5 pr-4 whitespace-nowrap">
                  {keys.map((key) => (
                    <kbd key={key} className="mr-1 rounded border border-border bg-background px-1.5 py-0.5 font-mono text-xs">
                      {key}
                    </kbd>
                  ))}
                </td>
                <td className="py-1.5">{t(action)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DialogContent>
    </Dialog>
  );
}
