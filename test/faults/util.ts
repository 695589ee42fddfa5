import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A TCP port free on loopback right now (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resident set size of a process in MB (/proc/<pid>/status VmRSS), or null when it is gone. */
export function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** Polls `check` every `everyMs` until it is true or `timeoutMs` passed; returns whether it became true. */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 200): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= until) return false;
    await sleep(everyMs);
  }
}

export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

/** Seconds with one decimal. */
export const secs = (ms: number) => (ms / 1000).toFixed(1);
