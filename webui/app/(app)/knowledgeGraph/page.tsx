import { redirect } from "next/navigation";

/** SPEC §2: the knowledge-graph area opens on its index. */
export default function KnowledgeGraphArea() {
  redirect("/knowledgeGraph/index");
}
