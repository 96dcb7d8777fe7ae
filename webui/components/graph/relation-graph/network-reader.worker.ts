// The relation graph's answer read and parsed off the page's main thread (read-network.ts): at
// 5,000 nodes it is 2.4 MB of JSON, one parse of 100–160 ms on a busy machine. Hands back only what
// the graph draws (networkOf), or null for anything but a plain success: the page then reads the
// answer through the API client, which shows failures, refreshes the session and so on.
import { networkOf } from "./network";

export interface NetworkRequest {
  url: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

const scope = self as unknown as { onmessage: ((event: MessageEvent<NetworkRequest>) => void) | null; postMessage: (message: unknown) => void };

scope.onmessage = async ({ data }) => {
  try {
    const response = await fetch(data.url, { headers: data.headers, signal: AbortSignal.timeout(data.timeoutMs) });
    const envelope = response.ok ? await response.json() : null;
    scope.postMessage(envelope?.code === 0 && envelope.result ? networkOf(envelope.result) : null);
  } catch {
    scope.postMessage(null);
  }
};
