/** HTTP helpers of the holds bench (bench/holds.ts, bench/best-available.ts). */

export const VENDOR = { 'content-type': 'application/json', 'x-vendor-key': 'demo-vendor-key' };

export type Json = { data?: Record<string, { id: number } | null>; errors?: { message: string; extensions?: { code?: string } }[] };

export const short = (v: unknown) => JSON.stringify(v).slice(0, 300);

export async function post(url: string, body: unknown, method = 'POST'): Promise<{ status: number; json: unknown; statements: string | null }> {
  const res = await fetch(url, { method, headers: method === 'DELETE' ? { 'x-vendor-key': VENDOR['x-vendor-key'] } : VENDOR, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: await res.json(), statements: res.headers.get('x-sql-statements') };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
