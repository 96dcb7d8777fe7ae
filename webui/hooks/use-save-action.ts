"use client";
import { useState } from "react";
import { toast } from "@/lib/feedback";

/**
 * A dialog's save: busy while it runs, "saved" and `after` on success. A failure is already shown
 * by the API client (SPEC §8: the server's message), so it only ends the busy state.
 */
export function useSaveAction(after: () => void): [boolean, (run: () => Promise<unknown>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const save = async (run: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await run();
      toast("success", { key: "saved" });
      after();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return [busy, save];
}
