/**
 * Formulas in descriptions (SPEC §3/§5: a "$formula$" segment holds LaTeX; text segments may hold
 * inline $…$ too): where the LaTeX is, so it is typeset (KaTeX) and never shown as raw `$`. Pure.
 */

export interface MathPart {
  kind: "text" | "math";
  text: string;
  /** Display ($$…$$) rather than inline ($…$). */
  display?: boolean;
}

/** A formula segment's LaTeX, without the $ or $$ (or \[ \]) a user may have typed around it. */
export function formulaSource(text: string): string {
  const trimmed = text.trim();
  for (const [open, close] of [["$$", "$$"], ["\\[", "\\]"], ["\\(", "\\)"], ["$", "$"]]) {
    if (trimmed.length > open.length + close.length - 1 && trimmed.startsWith(open) && trimmed.endsWith(close)) {
      return trimmed.slice(open.length, trimmed.length - close.length).trim();
    }
  }
  return trimmed;
}

/** Text split into plain runs and $…$ / $$…$$ formulas; an escaped \$ or a lone $ stays text. */
export function mathParts(text: string): MathPart[] {
  const parts: MathPart[] = [];
  const pattern = /\$\$([\s\S]+?)\$\$|(?<!\\)\$([^$\n]+?)(?<!\\)\$/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > last) parts.push({ kind: "text", text: text.slice(last, at) });
    parts.push(match[1] !== undefined ? { kind: "math", text: match[1].trim(), display: true } : { kind: "math", text: match[2].trim() });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts.map((part) => (part.kind === "text" ? { ...part, text: part.text.replace(/\\\$/g, "$") } : part));
}
