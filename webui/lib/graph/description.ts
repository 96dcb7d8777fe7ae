/**
 * Description text (SPEC §3): one string of segments separated by "##"; a formula segment starts
 * with "$formula$". The editor works on the segments.
 */
export const SEGMENT_SEPARATOR = "##";
export const FORMULA_PREFIX = "$formula$";

export interface Segment {
  kind: "text" | "formula";
  text: string;
}

export function splitDescription(desc: string): Segment[] {
  if (!desc) return [];
  return desc.split(SEGMENT_SEPARATOR).map((part) =>
    part.startsWith(FORMULA_PREFIX) ? { kind: "formula", text: part.slice(FORMULA_PREFIX.length) } : { kind: "text", text: part },
  );
}

/** Joined for saving; blank segments are dropped. */
export function joinDescription(segments: Segment[]): string {
  return segments
    .map((segment) => ({ ...segment, text: segment.text.trim() }))
    .filter((segment) => segment.text !== "")
    .map((segment) => (segment.kind === "formula" ? FORMULA_PREFIX + segment.text : segment.text))
    .join(SEGMENT_SEPARATOR);
}

/** SPEC §5: empty content is refused with a warning. */
export function isDescriptionEmpty(segments: Segment[]): boolean {
  return joinDescription(segments).replace(/<[^>]+>|&nbsp;|\s/g, "") === "";
}
