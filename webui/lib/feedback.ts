/**
 * Feedback channels (SPEC §8): message and notification (toasts for 3 s, at the top centre: see FeedbackHost) and modal.
 * The client library raises them here; <FeedbackHost/> renders them. Texts are message keys
 * (translated by the host) or server text.
 */
export type FeedbackKind = "success" | "error" | "info" | "warning";

export interface Toast {
  id: number;
  kind: FeedbackKind;
  /** Either a message key (namespace "feedback") or ready text from the server. */
  key?: string;
  text?: string;
}

export interface Modal {
  key?: string;
  text?: string;
  titleKey: string;
  onClose?: () => void;
  /** A second button beside OK (e.g. reload after a conflict): its message key and what it does. */
  actionKey?: string;
  onAction?: () => void;
}

type Listener = () => void;
let toasts: Toast[] = [];
let modal: Modal | null = null;
let nextId = 1;
const listeners = new Set<Listener>();
export const TOAST_MS = 3000;

function emit() {
  listeners.forEach((l) => l());
}

export function subscribeFeedback(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): Toast[] {
  return toasts;
}

export function currentModal(): Modal | null {
  return modal;
}

export function toast(kind: FeedbackKind, message: { key?: string; text?: string }): void {
  const id = nextId++;
  toasts = [...toasts, { id, kind, ...message }];
  emit();
  setTimeout(() => dismissToast(id), TOAST_MS);
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function showModal(next: Modal): void {
  modal = next;
  emit();
}

/** The modal's second button: close without onClose, then act. */
export function runModalAction(): void {
  const closing = modal;
  modal = null;
  emit();
  closing?.onAction?.();
}

let conflictReload: (() => void) | null = null;

/**
 * What "reload" does after a stale edit (DESIGN: a stale revision gets a conflict, never a silent
 * overwrite). The open screen registers how to fetch its data again; the default reloads the page.
 */
export function setConflictReload(reload: (() => void) | null): void {
  conflictReload = reload;
}

export function showConflict(text: string): void {
  showModal({
    titleKey: "conflictTitle",
    text,
    actionKey: "reload",
    onAction: () => (conflictReload ? conflictReload() : window.location.reload()),
  });
}

export function closeModal(): void {
  const closing = modal;
  modal = null;
  emit();
  closing?.onClose?.();
}
