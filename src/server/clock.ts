/** Time as the server sees it; tests pass a clock they can move forward. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at a given instant and only moves when told. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string = '2026-01-15T12:00:00.000Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
