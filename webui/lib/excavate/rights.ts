/** Who may write on the mining screens, as the server decides it (toolkit/mining/rights.py): a
 * tester never writes, and a graph-bound object needs the graph's edit right, which the graph list
 * hands over as isEdit. The screens offer write buttons only when this says yes. */
export function mayWriteMining(role: string | null | undefined, graphEditable: boolean | null = null): boolean {
  if (!role || role === "test") return false;
  return graphEditable !== false;
}
