// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '../../../src/client/form/after-next-paint';
import { useFakeFrames } from '../../helpers/fake-frames';

useFakeFrames();

describe('afterNextPaint', () => {
  it('runs the task once, after the next frame, and not when cancelled', () => {
    const task = vi.fn();
    afterNextPaint(task);
    const cancelled = vi.fn();
    afterNextPaint(cancelled)();
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(task).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('runs the task even when no frame comes (a hidden tab)', () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const task = vi.fn();
    afterNextPaint(task);
    vi.advanceTimersByTime(1000);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
