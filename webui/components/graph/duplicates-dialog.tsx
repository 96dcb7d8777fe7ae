"use client";
import { useTranslations } from "next-intl";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";

export interface DuplicateGroup {
  key: string;
  nodes: { id: number; name: string; type: string; path: string }[];
}

/** The answer of checkDuplicates: groups of nodes with the same name; a click shows one in the map. */
export function DuplicatesDialog({ groups, onOpenChange, onFocusNode }: { groups: DuplicateGroup[] | null; onOpenChange: (open: boolean) => void; onFocusNode: (id: number) => void }) {
  const t = useTranslations("graph");
  return (
    <Dialog open={groups !== null} onOpenChange={onOpenChange}>
      <DialogContent className="w-[min(640px,94vw)]" data-testid="duplicates-dialog">
        <DialogTitle className="mb-3 text-base font-semibold">{t("duplicatesTitle")}</DialogTitle>
        {groups?.length === 0 && <p className="py-6 text-center text-sm text-muted">{t("noDuplicates")}</p>}
        <ul className="max-h-96 overflow-auto text-sm">
          {groups?.map((group) => (
            <li key={group.key} className="mb-2 rounded-md border border-border p-2">
              {group.nodes.map((node) => (
                <button key={node.id} className="block w-full truncate text-left hover:text-primary" onClick={() => onFocusNode(node.id)}>
                  {node.path}
                </button>
              ))}
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
