import { GraphQLError } from 'graphql';
import { AuthenticationError, AuthorizationError } from 'type-graphql';
import { DomainError } from '../../src/errors';
import { formatGraphQLError } from '../../src/graphql/format-error';

const wrap = (original: Error) => new GraphQLError(original.message, { originalError: original, path: ['x'] });

describe('formatGraphQLError', () => {
  const logged: object[] = [];
  const log = (o: object) => logged.push(o);

  it('keeps a domain error code and details', () => {
    const err = wrap(new DomainError('SEAT_UNAVAILABLE', 'Seats unavailable: A1', { seats: ['A1'] }));
    const out = formatGraphQLError({ message: err.message }, err, log, 'r1');
    expect(out.extensions).toEqual({ code: 'SEAT_UNAVAILABLE', seats: ['A1'] });
  });

  it('maps type-graphql auth refusals to the catalog codes', () => {
    const denied = wrap(new AuthorizationError());
    expect(formatGraphQLError({ message: denied.message }, denied, log).extensions?.code).toBe('FORBIDDEN');
    const anonymous = new AuthenticationError();
    const formatted = { message: anonymous.message, extensions: { code: 'UNAUTHENTICATED' } };
    expect(formatGraphQLError(formatted, anonymous, log).extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('masks anything else and logs it with the request id', () => {
    const err = wrap(new Error('relation "x" does not exist'));
    const out = formatGraphQLError({ message: err.message, path: ['x'] }, err, log, 'req-9');
    expect(out.message).toBe('Internal server error');
    expect(out.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR', requestId: 'req-9' });
    expect(logged).toContainEqual(expect.objectContaining({ requestId: 'req-9' }));
  });
});
