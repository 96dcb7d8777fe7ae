"use client";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useSession } from "@/hooks/use-session";

/** Until the welcome portal lands, /home sends signed-in users to the graph list and others to sign in. */
export default function HomePage() {
  const session = useSession();
  const router = useRouter();
  useEffect(() => {
    if (session === undefined) return;
    router.replace(session ? "/knowledgeGraph/index" : "/login");
  }, [session, router]);
  return null;
}
