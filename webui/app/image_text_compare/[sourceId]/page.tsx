import { notFound } from "next/navigation";
import { ImageTextCompare } from "@/components/excavate/image-text-compare";

export default async function Page({ params }: { params: Promise<{ sourceId: string }> }) {
  const id = Number((await params).sourceId);
  if (!Number.isInteger(id) || id <= 0) notFound();
  return <ImageTextCompare sourceId={id} />;
}
