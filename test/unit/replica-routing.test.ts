import fc from 'fast-check';
import { chooseReplica } from '../../src/read-route';
import { lsnValue, replicaLagMs, stateOf, type ReplicaState } from '../../src/replica-health';

const lsn = (value: bigint) => `${(value >> 32n).toString(16).toUpperCase()}/${(value & 0xffffffffn).toString(16).toUpperCase()}`;
const position = fc.bigInt({ min: 0n, max: (1n << 40n) - 1n });
const ms = fc.option(fc.integer({ min: 0, max: 86_400_000 }), { nil: null });

describe('replicaLagMs', () => {
  test('a WAL position reads as a number, both halves in hex', () => {
    expect(lsnValue('0/0')).toBe(0n);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(() => lsnValue('nonsense')).toThrow();
  });

  test('caught up (replay at or past the primary position read first): 0, however old its last replayed commit', () => {
    fc.assert(
      fc.property(position, fc.bigInt({ min: 0n, max: 1000n }), ms, ms, (primary, ahead, replayAgeMs, sinceCaughtUpMs) => {
        expect(replicaLagMs({ primaryLsn: lsn(primary), replayLsn: lsn(primary + ahead), replayAgeMs, sinceCaughtUpMs })).toBe(0);
      }),
    );
  });

  test('behind: the smaller of the replayed commit age and the time since it was last caught up', () => {
    fc.assert(
      fc.property(position, fc.bigInt({ min: 1n, max: 1n << 30n }), ms, ms, (replay, behind, replayAgeMs, sinceCaughtUpMs) => {
        const lag = replicaLagMs({ primaryLsn: lsn(replay + behind), replayLsn: lsn(replay), replayAgeMs, sinceCaughtUpMs });
        expect(lag).toBe(Math.min(replayAgeMs ?? Infinity, sinceCaughtUpMs ?? Infinity));
      }),
    );
  });

  test('an idle primary: the first write in an hour does not make a replica caught up a second ago look an hour behind', () => {
    expect(replicaLagMs({ primaryLsn: '0/3000100', replayLsn: '0/3000000', replayAgeMs: 3_600_000, sinceCaughtUpMs: 1000 })).toBe(1000);
  });

  test('not in recovery (no replay position): not a replica, never used', () => {
    expect(replicaLagMs({ primaryLsn: '0/1', replayLsn: null, replayAgeMs: null, sinceCaughtUpMs: 0 })).toBe(Infinity);
    expect(stateOf(Infinity, true, 5000)).toMatchObject({ healthy: false, reason: 'lagging' });
  });

  test('healthy means reachable and within the bound (inclusive)', () => {
    expect(stateOf(5000, true, 5000)).toMatchObject({ healthy: true, reason: null });
    expect(stateOf(5001, true, 5000)).toMatchObject({ healthy: false, reason: 'lagging' });
    expect(stateOf(0, false, 5000)).toMatchObject({ healthy: false, reason: 'unreachable' });
  });
});

describe('chooseReplica', () => {
  const state = fc.oneof(
    fc.constant<ReplicaState>({ healthy: true, reason: null, lagMs: 0 }),
    fc.constant<ReplicaState>({ healthy: false, reason: 'lagging', lagMs: 9000 }),
    fc.constant<ReplicaState>({ healthy: false, reason: 'unreachable', lagMs: NaN }),
  );

  test('no replicas: the primary, nothing skipped', () => {
    expect(chooseReplica([], 3)).toEqual({ index: null, skipped: null });
  });

  test('a healthy replica when there is one, the primary only when none is; the skipped reason is the turn’s', () => {
    fc.assert(
      fc.property(fc.array(state, { minLength: 1, maxLength: 6 }), fc.nat(1000), (states, turn) => {
        const { index, skipped } = chooseReplica(states, turn);
        const preferred = states[turn % states.length];
        if (states.some((s) => s.healthy)) expect(index !== null && states[index].healthy).toBe(true);
        else expect(index).toBeNull();
        expect(skipped).toBe(preferred.healthy ? null : preferred.reason);
        if (preferred.healthy) expect(index).toBe(turn % states.length);
      }),
    );
  });

  test('round-robin: n turns over n healthy replicas use each once', () => {
    const states = Array.from({ length: 4 }, (): ReplicaState => ({ healthy: true, reason: null, lagMs: 0 }));
    expect([0, 1, 2, 3].map((turn) => chooseReplica(states, turn).index)).toEqual([0, 1, 2, 3]);
  });

  test('a skipped replica’s turns go to the next healthy one after it', () => {
    const states: ReplicaState[] = [
      { healthy: true, reason: null, lagMs: 0 },
      { healthy: false, reason: 'lagging', lagMs: 9000 },
      { healthy: true, reason: null, lagMs: 0 },
    ];
    expect(chooseReplica(states, 1)).toEqual({ index: 2, skipped: 'lagging' });
  });
});
