import { sharedDb, type Db } from '../../../db/client';

type Listener = () => void;
const listeners = new WeakMap<object, Set<Listener>>();

/** Calls `listener` whenever a write through `db` made deliveries due now (the dispatcher's wake-up). */
export function onWebhookWork(db: Db, listener: Listener): () => void {
  let set = listeners.get(sharedDb(db));
  if (!set) listeners.set(sharedDb(db), (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Wakes this instance's dispatcher (others find the work on their next poll). */
export function wakeWebhooks(db: Db): void {
  for (const listener of listeners.get(sharedDb(db)) ?? []) listener();
}
