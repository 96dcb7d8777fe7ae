/** An optional numeric route segment ({graphId?}, {id?}). */
export function optionalId(segments: string[] | undefined): number | null {
  const value = Number(segments?.[0]);
  return Number.isInteger(value) && value > 0 ? value : null;
}
