import { lineTotals, orderTotals, ticketFees, toCents, type PricedLine } from '../../src/services/order';

const ticket = (over: Partial<PricedLine> = {}): PricedLine => ({
  kind: 'Ticket',
  status: 'Held',
  quantity: 1,
  cost: 12.49,
  tax: 1.03,
  fees: ticketFees([{ name: 'convenience', cost: 1.5, tax: 0.12, quantity: 1 }], null),
  modifiers: [],
  discounts: [],
  ...over,
});

describe('order totals (integer cents)', () => {
  it('a ticket adds price, tax and its fee with the fee tax', () => {
    expect(lineTotals(ticket())).toEqual({ itemCents: 1249, taxCents: 103, feeCents: 162, discountCents: 0, totalCents: 1514 });
  });

  it('a waived convenience fee does not count; a partner fee cannot be waived', () => {
    const fees = ticketFees(
      [
        { name: 'convenience', cost: 1.5, tax: 0, quantity: 1 },
        { name: 'partner', cost: 0.75, tax: 0, quantity: 1 },
      ],
      'PremiereMember',
    );
    expect(fees.map((f) => [f.name, f.waived, f.waivedReason])).toEqual([
      ['convenience', true, 'PremiereMember'],
      ['partner', false, null],
    ]);
    expect(lineTotals(ticket({ fees })).feeCents).toBe(75);
  });

  it('a concession price is tax-inclusive: its tax is shown, not added; modifiers count per unit', () => {
    const t = lineTotals({
      kind: 'Concession',
      status: 'Pending',
      quantity: 3,
      cost: 7.25,
      tax: 0.6,
      fees: [],
      modifiers: [{ price: 0.5, quantity: 2 }],
      discounts: [],
    });
    expect(t).toEqual({ itemCents: 3 * (725 + 100), taxCents: 0, feeCents: 0, discountCents: 0, totalCents: 2475 });
  });

  it('discounts never make a line negative', () => {
    expect(lineTotals(ticket({ discounts: [{ amount: 50 }] })).discountCents).toBe(1249);
  });

  it('only active lines and tenders count; sums do not drift', () => {
    const lines = [
      ...Array.from({ length: 10 }, () => ticket({ cost: 0.1, tax: 0.2, fees: [] })),
      ticket({ status: 'Cancelled' }),
      ticket({ status: 'Refunded' }),
      ticket({ status: 'Abandoned' }),
    ];
    const totals = orderTotals(lines, [
      { status: 'Pending', amount: 1.1 },
      { status: 'Cancelled', amount: 100 },
      { status: 'Fulfilled', amount: 1.9 },
    ]);
    expect(totals).toEqual({ subtotalCents: 100, taxCents: 200, feeCents: 0, discountCents: 0, totalCents: 300, paidCents: 300 });
    expect(toCents(0.1 + 0.2)).toBe(30);
  });
});
