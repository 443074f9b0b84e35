// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KeyedQuestion, TabsQuestion } from '../../../../src/engine/definitions';
import { lazyQuestion } from '../../../../src/client/questions/parts/lazy-question';
import type { QuestionComponent } from '../../../../src/client/renderer/question-props';

afterEach(cleanup);

const question: TabsQuestion = {
  type: 'tabs',
  id: 'transcript',
  label: 'Your grades (fixture)',
  tabs: [],
};

describe('lazyQuestion', () => {
  it('loads the code when the question first shows, holding its place with its frame and label', async () => {
    let arrive: (component: QuestionComponent<'tabs'>) => void = () => {};
    const load = vi.fn(
      () => new Promise<QuestionComponent<'tabs'>>((resolve) => (arrive = resolve)),
    );
    const Tabs = lazyQuestion<'tabs'>(load, 'tabs');
    expect(load).not.toHaveBeenCalled();

    render(<Tabs question={question} />);
    expect(load).toHaveBeenCalledTimes(1);
    const frame = document.getElementById('transcript');
    expect(frame).toHaveClass('question', 'tabs');
    expect(frame).toHaveAttribute('aria-busy', 'true');
    expect(frame).toHaveTextContent('Your grades (fixture)');

    arrive(({ question: loaded }) => <p id={loaded.id}>Tabs of {loaded.label}</p>);
    expect(await screen.findByText('Tabs of Your grades (fixture)')).toBeInTheDocument();
    expect(document.querySelector('[aria-busy]')).toBeNull();
  });
});

describe('lazyQuestion fetched ahead (preload)', () => {
  const field: KeyedQuestion = { type: 'textarea', key: 'essay', label: 'Essay (fixture)' };

  it('renders at once, in the same turn, once its code is there', async () => {
    const load = vi.fn(async () => ({ question }: { question: KeyedQuestion }) => (
      <p>Essay box for {question.key}</p>
    ));
    const Essay = lazyQuestion<'textarea'>(load);
    await Essay.preload();
    await Essay.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(<Essay question={field} />);
    expect(screen.getByText('Essay box for essay')).toBeInTheDocument();
  });

  it('holds no frame for a field while its code comes (it may be a hidden one)', async () => {
    let arrive: (component: QuestionComponent<'textarea'>) => void = () => {};
    const Essay = lazyQuestion<'textarea'>(
      () => new Promise<QuestionComponent<'textarea'>>((resolve) => (arrive = resolve)),
    );
    const { container } = render(<Essay question={field} />);
    expect(container).toBeEmptyDOMElement();
    arrive(() => <p>Essay box</p>);
    expect(await screen.findByText('Essay box')).toBeInTheDocument();
  });

  it('tries again after a failed fetch ahead, and never rejects', async () => {
    const load = vi
      .fn<() => Promise<QuestionComponent<'textarea'>>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(() => <p>Essay box</p>);
    const Essay = lazyQuestion<'textarea'>(load);
    await expect(Essay.preload()).resolves.toBeUndefined();
    await Essay.preload();
    expect(load).toHaveBeenCalledTimes(2);
    render(<Essay question={field} />);
    expect(screen.getByText('Essay box')).toBeInTheDocument();
  });
});
