import type { FastifyReply } from 'fastify';

/**
 * Content-Security-Policy of our pages: every script, style, font, image and connection from the
 * service itself ('self' covers ws:// and wss:// to the same host), no inline script, no plugins, no
 * <base> or form targets elsewhere. `data:` for images and fonts only: the CSS of GraphiQL and Swagger UI
 * carries its icons and fonts as data: URIs, which load nothing from anywhere.
 */
const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
];

/**
 * The view-only seat map (production) may be framed by any site (an embeddable widget: it shows public
 * data and does nothing); the IDE, the API docs and the seat map as a box office (demo mode) only by the
 * service's own pages (credentials are typed or used there: a framing site could lead a visitor's clicks).
 */
export function pageCsp(frameable: boolean): string {
  return [...CSP_DIRECTIVES, frameable ? 'frame-ancestors *' : "frame-ancestors 'self'"].join('; ');
}

/** Sends an HTML page with the security headers of our pages. */
export function sendPage(reply: FastifyReply, html: string, options: { status?: number; frameable?: boolean } = {}) {
  return reply
    .status(options.status ?? 200)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', pageCsp(options.frameable ?? false))
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-cache')
    .send(html);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML element content and quoted attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** A small server-rendered page in the service's style (the 404 page, the seat-map index). `body` is HTML. */
export function simplePage(title: string, body: string, ide: boolean): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)} — Marquee</title>
<link rel="stylesheet" href="/assets/page.css">
</head>
<body>
<main class="page">
${body}
<nav class="links" aria-label="Marquee">
  <a href="/seat-map">Seat maps</a>${ide ? ' · <a href="/graphiql">GraphQL IDE</a>' : ''} · <a href="/docs">REST API reference</a>
</nav>
</main>
</body>
</html>
`;
}

/** Where seat-map.html takes the box office (a comment, so the file alone is the view-only page). */
const BOX_OFFICE_SLOT = '<!-- box office -->';

/**
 * The seat-map page: seat-map.html without its slot (view-only, production), or with the box office in it
 * (demo mode): the fragment seat-map-box-office.html, whose `{{vendorKey}}` becomes the key the page holds
 * seats with. Built once, at start: a page without exactly one slot stops the service there.
 */
export function seatMapPage(page: string, boxOffice: { html: string; vendorKey: string } | null): string {
  const parts = page.split(BOX_OFFICE_SLOT);
  if (parts.length !== 2) throw new Error(`seat-map.html must hold ${BOX_OFFICE_SLOT} exactly once`);
  return parts.join(boxOffice ? boxOffice.html.replaceAll('{{vendorKey}}', escapeHtml(boxOffice.vendorKey)) : '');
}

/** The 404 page of a seat map whose showtime does not exist (or whose id cannot be one). */
export function showtimeNotFoundPage(idText: string, ide: boolean): string {
  const shown = idText.length > 40 ? `${idText.slice(0, 40)}…` : idText;
  return simplePage(
    'Showtime not found',
    `<h1>Showtime not found</h1>
<p>There is no showtime <code>${escapeHtml(shown)}</code>. Pick one of the <a href="/seat-map">upcoming showtimes</a>.</p>`,
    ide,
  );
}

export interface ListedShowtime {
  id: number;
  movieName: string;
  showDateTimeLocal: string;
  auditorium: number;
}

/** The seat-map index: a few theatres with their next showtimes, each a link to its live seat map. */
export function seatMapIndexPage(theatres: { name: string; showtimes: ListedShowtime[] }[], ide: boolean): string {
  const sections = theatres
    .filter((t) => t.showtimes.length)
    .map(
      (t) => `<section>
<h2>${escapeHtml(t.name)}</h2>
<ul>
${t.showtimes
  .map(
    (s) =>
      `<li><a href="/seat-map/${s.id}">${escapeHtml(s.movieName)}</a> — ${escapeHtml(s.showDateTimeLocal.replace('T', ' ').slice(0, 16))}, auditorium ${s.auditorium} <span class="muted">(showtime ${s.id})</span></li>`,
  )
  .join('\n')}
</ul>
</section>`,
    )
    .join('\n');
  return simplePage(
    'Live seat maps',
    `<h1>Live seat maps</h1>
<p>Upcoming showtimes; each seat map updates live as seats are held, sold and released. Any showtime's map is at
<code>/seat-map/{showtimeId}</code> (ids from GraphQL <code>showtime.id</code> or REST <code>/v2/theatres/{id}/showtimes</code>).</p>
${sections || '<p>No upcoming showtimes.</p>'}`,
    ide,
  );
}
