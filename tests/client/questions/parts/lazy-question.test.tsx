// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TabsQuestion } from '../../../../src/engine/definitions';
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
