import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Fake timers and animation frames for every test of the file that calls it (afterNextPaint and
 * what is scheduled through it), real ones again after each.
 */
export function useFakeFrames(): void {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
}
