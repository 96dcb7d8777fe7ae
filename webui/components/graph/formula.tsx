"use client";
import katex from "katex";
import "katex/dist/katex.min.css";
import { useMemo } from "react";
import { formulaSource, mathParts } from "@/lib/graph/math";
import { cn } from "@/lib/utils";

/**
 * LaTeX typeset by KaTeX (bundled, no CDN). KaTeX escapes the source and, without `trust`, allows
 * no links or HTML, so its markup is safe to insert; a formula it cannot read shows in red.
 */
export function Formula({ tex, display = true, className }: { tex: string; display?: boolean; className?: string }) {
  const html = useMemo(() => katex.renderToString(formulaSource(tex), { displayMode: display, throwOnError: false, output: "htmlAndMathml" }), [tex, display]);
  return <span className={cn(display ? "block overflow-x-auto py-1" : "inline", className)} data-testid="formula" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Plain text with its inline $…$ formulas typeset. */
export function TextWithMath({ text }: { text: string }) {
  const parts = useMemo(() => mathParts(text), [text]);
  return (
    <>
      {parts.map((part, index) => (part.kind === "math" ? <Formula key={index} tex={part.text} display={Boolean(part.display)} /> : <span key={index}>{part.text}</span>))}
    </>
  );
}
