import { DEFAULT_EVENTS, type EventsType, type ITimers } from 'react-idle-timer';

/** SPEC §9: 15 minutes idle logs out; the prompt comes 60 seconds before; events throttled. */
export const idleTimeout = 900_000;
export const promptBeforeIdle = 60_000;
export const idleThrottle = 200;

/**
 * Activity is what the person does. Coming back to the tab (visibilitychange, focus) is not:
 * it is the moment to check how long they were away, which the timer would otherwise reset.
 */
export const activityEvents: EventsType[] = DEFAULT_EVENTS.filter(
  (event) => event !== 'visibilitychange' && event !== 'focus',
);

/**
 * The window's timers, looked up at each call rather than when the library loads, so a clock
 * installed later (Vitest's fake timers, Playwright's page.clock) drives the idle timer too.
 */
export const windowTimers: ITimers = {
  setTimeout: (fn, delay) => window.setTimeout(fn, delay),
  clearTimeout: (id) => window.clearTimeout(id),
  setInterval: (fn, delay) => window.setInterval(fn, delay),
  clearInterval: (id) => window.clearInterval(id),
};
