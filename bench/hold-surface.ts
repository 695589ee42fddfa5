/** What the holds bench (bench/holds.ts) and its best-available part (bench/best-available.ts) share: a surface and a side's result. */

export type Seat = { row: number; column: number };
export type HoldOutcome = 'held' | 'lost' | { error: string };

/** One way to run a cycle: create an order, hold seats, cancel. */
export interface Surface {
  name: string;
  create(): Promise<number | { error: string }>;
  hold(orderId: number, showtimeId: number, seats: Seat[]): Promise<HoldOutcome>;
  cancel(orderId: number): Promise<true | { error: string }>;
}

export interface SideResult {
  name: string;
  cycles: number;
  holds: number;
  rejected: number;
  errors: number;
  seconds: number;
  holdLatencies: number[];
  cycleLatencies: number[];
  firstError: string | null;
}
