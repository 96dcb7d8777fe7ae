"use client";
import { useSession } from "@/hooks/use-session";
import { roleName, type RoleName } from "@/lib/roles";

/** The signed-in user's role name (null while signed out or rendering on the server). */
export function useRole(): RoleName | null {
  const session = useSession();
  return roleName(session?.profile.Role);
}
