import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it when missing). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** One headless Chromium per test file. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox'] });
}

/** What a page did: every URL it asked for (HTTP and WebSocket) and every console error or page error. */
export interface PageLog {
  urls: string[];
  errors: string[];
  /** Text frames the page sent on its WebSockets, in order. */
  framesSent: string[];
}

/** Opens a page in a fresh context (no shared cache or storage) that records its requests and errors. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<{ page: Page; log: PageLog }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const log: PageLog = { urls: [], errors: [], framesSent: [] };
  page.on('request', (request) => log.urls.push(request.url()));
  page.on('websocket', (ws) => {
    log.urls.push(ws.url());
    ws.on('framesent', (frame) => {
      if (typeof frame.payload === 'string') log.framesSent.push(frame.payload);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') log.errors.push(message.text().slice(0, 300));
  });
  page.on('pageerror', (error) => log.errors.push(error.message.slice(0, 300)));
  return { page, log };
}

/** URLs of `log` that are not on one of `origins` (http(s) and ws(s) alike); data: and blob: load nothing. */
export function foreignRequests(log: PageLog, origins: readonly string[]): string[] {
  const hosts = new Set(origins.map((o) => new URL(o).host));
  return log.urls.filter((url) => {
    const u = new URL(url);
    if (u.protocol === 'data:' || u.protocol === 'blob:') return false;
    return !hosts.has(u.host) || !['http:', 'https:', 'ws:', 'wss:'].includes(u.protocol);
  });
}
