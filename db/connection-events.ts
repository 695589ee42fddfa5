/**
 * Connections of a postgres.js pool that closed — the server ended them (`pg_terminate_backend`, a
 * restart), the network dropped them, or the pool recycled them. db/client.ts passes
 * `connectionClosed` as each pool's `onclose`; db/prepared.ts listens while it waits to reserve one.
 */
const listeners = new WeakMap<object, Set<() => void>>();

/** Tells the listeners of `client` that one of its connections closed. */
export function connectionClosed(client: object): void {
  for (const listener of listeners.get(client) ?? []) listener();
}

/** Calls `listener` each time a connection of `client` closes; returns the function that stops it. */
export function onConnectionClosed(client: object, listener: () => void): () => void {
  let set = listeners.get(client);
  if (!set) listeners.set(client, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}
