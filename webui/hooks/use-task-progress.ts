"use client";
import { useEffect, useState } from "react";
import { progressSocketUrl, type ProgressFrame, type TaskState } from "@/lib/api/excavate";
import { isFinished } from "@/lib/excavate/kinds";

/** Live progress of a running mining task over its websocket; null when the task is finished. */
export function useTaskProgress(taskId: number, state: TaskState, onFinished: () => void): ProgressFrame | null {
  const [frame, setFrame] = useState<ProgressFrame | null>(null);
  useEffect(() => {
    if (isFinished(state)) return;
    const socket = new WebSocket(progressSocketUrl(taskId));
    socket.onmessage = (event) => {
      const next = JSON.parse(String(event.data)) as ProgressFrame;
      setFrame(next);
      if (next.state && isFinished(next.state)) onFinished();
    };
    return () => socket.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [taskId, state]);
  return frame;
}
