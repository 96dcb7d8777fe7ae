"use client";
import useSWR from "swr";
import { API_BASE, TIMEOUT_MS, api } from "@/lib/api/client";
import type { RelationGraphAnswer } from "@/lib/api/graph-types";
import { currentLocale } from "@/lib/locale";
import { getSession } from "@/lib/session";
import { networkOf, type Network } from "./network";
import type { NetworkRequest } from "./network-reader.worker";

const PATH = "/api/graph/searchGraph";

/** The answer read and parsed by a worker; null when it could not be (the caller reads it itself). */
function readInWorker(graphId: number): Promise<Network | null> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL("./network-reader.worker.ts", import.meta.url));
    } catch {
      return resolve(null);
    }
    const done = (network: Network | null) => {
      worker.terminate();
      resolve(network);
    };
    worker.onmessage = (event: MessageEvent<Network | null>) => done(event.data);
    worker.onerror = () => done(null);
    const session = getSession();
    const request: NetworkRequest = {
      url: new URL(`${API_BASE}${PATH}?graphId=${graphId}`, window.location.origin).href,
      headers: { "Accept-Language": currentLocale(), ...(session ? { Authorization: `Bearer ${session.accessToken}` } : {}) },
      timeoutMs: TIMEOUT_MS,
    };
    worker.postMessage(request);
  });
}

/**
 * The network the relation graph draws. Parsed in a worker: the page's main thread only takes the
 * nodes' names, types and places, not megabytes of JSON. Anything but a plain success is read again
 * through the API client, so failures show and the session is handled as everywhere else.
 */
export async function readNetwork(graphId: number): Promise<Network> {
  const network = typeof Worker === "undefined" ? null : await readInWorker(graphId);
  return network ?? networkOf(await api.get<RelationGraphAnswer>(PATH, { query: { graphId } }));
}

/** Under the relationGraph key, so edits anywhere that refresh the graph's relation graph refresh it too. */
export function useNetwork(graphId: number) {
  return useSWR(["relationGraph", graphId, "network"], () => readNetwork(graphId), { revalidateOnFocus: false });
}
