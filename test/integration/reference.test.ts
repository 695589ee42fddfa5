import { useTestApp } from '../helpers/app';

// The spec's refund reasons ("Refund reason"), by type, written out here independently of the seed.
const SPEC_REASONS: Record<string, string[]> = {
  'Act of God': ['Blizzard', 'Earthquake', 'Flood', 'Hurricane', 'OtherActOfGod', 'Tornado'],
  'Auditorium Closure': ['SchedulingError', 'TechnicalIssue', 'UnforeseenMaintenance'],
  'Change of Plans': ['NotAllInPartyWillBeAttending'],
  'Error on Website': ['DuplicateCharges', 'ErrorOnWebsite', 'PaymentError', 'ShowCancelled'],
  'Guest Self Service': [
    'ChangedMindCannotMakeShow', 'TooManyTickets', 'WrongDay', 'WrongMovieFormat', 'WrongSeats', 'WrongTheatre',
    'WrongTicketType', 'WrongTime',
  ],
  'Oversell due to crossovers': ['Oversell'],
  'Selected Wrong Qty/Item': ['SelectedWrongQtyItem'],
  'Service Shortfall': ['Disturbances', 'EnvironmentConcerns', 'SilenceIsGolden'],
  'Theatre Closure': ['Weather', 'PowerOutage', 'UnforeseenMaintenance', 'WaterMainBreak'],
  'Theatre Issues': ['Emergency', 'Evacuation', 'PowerOutage', 'ProjectionIssues', 'NeverOpened'],
};

const { app } = useTestApp();

describe('refundReasons', () => {
  // The spec enumerates 36 (type, name) pairs; PowerOutage and UnforeseenMaintenance appear under two types.
  it("answers the spec's 36 reasons with their types, in the spec's order", async () => {
    const res = await app.gql<{ refundReasons: { id: number; name: string; description: string; typeDescription: string }[] }>(
      '{ refundReasons { id name description typeDescription } }',
    );
    expect(res.errors).toBeUndefined();
    const reasons = res.data!.refundReasons;
    expect(reasons).toHaveLength(36);
    const expected = Object.entries(SPEC_REASONS).flatMap(([type, names]) => names.map((name) => `${type}/${name}`));
    expect(reasons.map((r) => `${r.typeDescription}/${r.name}`)).toEqual(expected);
    for (const r of reasons) expect(r.description.length).toBeGreaterThan(0);
  });

  it('lists PowerOutage and UnforeseenMaintenance under both of their types', async () => {
    const res = await app.gql<{ refundReasons: { name: string; typeDescription: string }[] }>(
      '{ refundReasons { name typeDescription } }',
    );
    const typesOf = (name: string) => res.data!.refundReasons.filter((r) => r.name === name).map((r) => r.typeDescription).sort();
    expect(typesOf('PowerOutage')).toEqual(['Theatre Closure', 'Theatre Issues']);
    expect(typesOf('UnforeseenMaintenance')).toEqual(['Auditorium Closure', 'Theatre Closure']);
  });
});
