import { useTestApp } from '../helpers/app';
import { sqlOf } from '../helpers/orders';

/**
 * An unexpected error of a GraphQL operation is masked for the client with the request's id, and its
 * log line carries the same id (src/graphql/format-error.ts): the id travels on the error from the
 * executor, not from an AsyncLocalStorage around the request.
 */
const lines: string[] = [];

const { app } = useTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void lines.push(line) } });

it('masks an unexpected resolver error with the request id, and logs it with that id', async () => {
  // A broken database (a column gone) makes the theatre read fail with an error no catalog code covers.
  const sql = sqlOf(app);
  try {
    await sql`alter table theatres rename column name to name_gone`;
    const requestId = 'request-id-probe-1';
    const res = await app.gql<{ theatre: unknown }>('{ theatre(id: 1) { id name } }', {}, { 'x-request-id': requestId });
    expect(res.errors?.[0]).toMatchObject({
      message: 'Internal server error',
      extensions: { code: 'INTERNAL_SERVER_ERROR', requestId },
    });
    const logged = lines.filter((line) => line.includes('unexpected GraphQL error'));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.some((line) => line.includes(`"requestId":"${requestId}"`))).toBe(true);
  } finally {
    await sql`alter table theatres rename column name_gone to name`;
    await sql.end();
  }
});
