"use client";
import { useTranslations } from "next-intl";

export interface LegendEntry {
  code: string;
  name: string;
  colour: string;
}

function Toggles({ entries, hidden, onToggle, swatch, label, testId }: {
  entries: LegendEntry[];
  hidden: ReadonlySet<string>;
  onToggle: (code: string) => void;
  swatch: "line" | "dot";
  label: string;
  testId: string;
}) {
  return (
    <fieldset className="flex max-w-[60vw] flex-wrap gap-1.5 rounded-md border border-border bg-card/95 p-2 text-xs" data-testid={testId} aria-label={label}>
      <legend className="sr-only">{label}</legend>
      {entries.map((entry) => (
        <label key={entry.code} className={`flex cursor-pointer items-center gap-1 rounded border border-border px-1.5 py-0.5 ${hidden.has(entry.code) ? "text-muted line-through" : ""}`} data-code={entry.code}>
          <input type="checkbox" checked={!hidden.has(entry.code)} onChange={() => onToggle(entry.code)} />
          <span className={swatch === "line" ? "h-1 w-4 rounded-sm" : "h-2.5 w-2.5 rounded-full"} style={{ background: entry.colour }} />
          {entry.name}
        </label>
      ))}
    </fieldset>
  );
}

/** The legend is the filter: a relation type or a node type unticked is hidden; nothing moves. */
export function RelationLegend({ relations, entities, hiddenRelations, hiddenEntities, onToggleRelation, onToggleEntity }: {
  relations: LegendEntry[];
  entities: LegendEntry[];
  hiddenRelations: ReadonlySet<string>;
  hiddenEntities: ReadonlySet<string>;
  onToggleRelation: (code: string) => void;
  onToggleEntity: (code: string) => void;
}) {
  const t = useTranslations("relationGraph");
  return (
    <div className="flex flex-col items-start gap-1.5">
      {relations.length > 0 && <Toggles entries={relations} hidden={hiddenRelations} onToggle={onToggleRelation} swatch="line" label={t("filter")} testId="relation-filter" />}
      {entities.length > 0 && <Toggles entries={entities} hidden={hiddenEntities} onToggle={onToggleEntity} swatch="dot" label={t("entityFilter")} testId="entity-filter" />}
    </div>
  );
}
