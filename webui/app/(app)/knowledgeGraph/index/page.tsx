import { GraphListView } from "@/components/graph-list/graph-list-view";

export default function GraphListPage() {
  return <GraphListView />;
}
