import { toast } from "@/lib/feedback";

/** Copies text; falls back to a hidden textarea where the Clipboard API is unavailable (plain HTTP). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the old way
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  return copied;
}

/** Copies text and says whether it worked: a refused copy (no focus, no permission) must not pass silently. */
export async function copyWithFeedback(text: string): Promise<void> {
  if (await copyText(text)) toast("success", { key: "copied" });
  else toast("warning", { key: "copyFailed" });
}
