import { useState } from 'react';

/** A list's nodes by their item's id: `ref(id)` is the node's ref, `get(id)` reaches it (to move focus there). */
export interface NodesById<T extends HTMLElement> {
  get: (id: string) => T | undefined;
  ref: (id: string) => (node: T | null) => void;
}

/** The nodes of a list that moves focus among its rows (keyboard, or back to a row after a change), kept by id. */
export function useNodesById<T extends HTMLElement>(): NodesById<T> {
  const [nodes] = useState(() => {
    const byId = new Map<string, T>();
    return {
      get: (id: string) => byId.get(id),
      ref: (id: string) => (node: T | null) => {
        if (node) byId.set(id, node);
        else byId.delete(id);
      },
    };
  });
  return nodes;
}
