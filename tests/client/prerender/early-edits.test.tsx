// @vitest-environment jsdom
import { act, startTransition, use, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { keepEarlyEdits } from '../../../src/client/prerender/early-edits';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** How many changes the long answer's onChange has had (a replay is one). */
let essayChanges = 0;
/** The same for the checkbox. */
let agreedChanges = 0;

function Fields({ seen }: { seen: Record<string, string> }) {
  const [name, setName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [answer, setAnswer] = useState('');
  const [essay, setEssay] = useState('');
  const [stored, setStored] = useState('');
  seen.name = name;
  seen.agreed = String(agreed);
  seen.answer = answer;
  seen.essay = stored;
  return (
    <form>
      <input id="name" value={name} onChange={(event) => setName(event.target.value)} />
      {['yes', 'no'].map((value) => (
        <input
          key={value}
          id={value}
          type="radio"
          name="answer"
          value={value}
          checked={answer === value}
          onChange={() => setAnswer(value)}
        />
      ))}
      <input
        id="agreed"
        type="checkbox"
        checked={agreed}
        onChange={(event) => {
          agreedChanges += 1;
          setAgreed(event.target.checked);
        }}
      />
      {/* As TextareaQuestion: stored (trimmed) as it is left, not on every keystroke. */}
      <textarea
        id="essay"
        value={essay}
        onChange={(event) => {
          essayChanges += 1;
          setEssay(event.target.value);
        }}
        onBlur={() => {
          setEssay(essay.trim());
          setStored(essay.trim());
        }}
      />
    </form>
  );
}

/** Renders nothing once `until` has resolved; until then, holds the render that reaches it. */
function Held({ until }: { until: Promise<void> }) {
  use(until);
  return null;
}

/**
 * Types into a field as a browser does: the value changes (natively, unseen by the tracker React
 * puts on the element's value), then an input event.
 */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A page as the server sends it (Fields' markup), with its early edits being noted. */
function prerendered(waitMs?: number) {
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(<Fields seen={{}} />);
  return { container, replay: keepEarlyEdits(container, waitMs) };
}

/** Hydrates the page and lets the render commit; `seen` follows the component's state. */
async function hydrate(container: HTMLElement): Promise<Record<string, string>> {
  const seen: Record<string, string> = {};
  await act(async () => {
    hydrateRoot(container, <Fields seen={seen} />);
  });
  return seen;
}

describe('edits made before hydration', () => {
  afterEach(() => document.body.replaceChildren());

  it('reach React once it has hydrated the fields', async () => {
    const { container, replay } = prerendered();
    typeInto(container.querySelector<HTMLInputElement>('#name')!, 'Ada');
    container.querySelector<HTMLInputElement>('#agreed')!.click();

    const seen = await hydrate(container);
    // React adopts what it finds on screen without telling the component.
    expect(seen).toEqual({ name: '', agreed: 'false', answer: '', essay: '' });
    // Resolves once every noted edit has reached React (boot.ts then hands it a held submit).
    await act(() => replay());
    expect(seen).toEqual({ name: 'Ada', agreed: 'true', answer: '', essay: '' });
    expect(container.querySelector<HTMLInputElement>('#name')!.value).toBe('Ada');
    expect(container.querySelector<HTMLInputElement>('#agreed')!.checked).toBe(true);
  });

  it('reach React when made before they were being noted (boot.ts not yet run)', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Fields seen={{}} />);
    // Typed, ticked and chosen while the page's first script was still on its way.
    typeInto(container.querySelector<HTMLInputElement>('#name')!, 'Ada');
    container.querySelector<HTMLInputElement>('#agreed')!.click();
    container.querySelector<HTMLInputElement>('#no')!.click();
    typeInto(container.querySelector<HTMLTextAreaElement>('#essay')!, 'Engines');
    const replay = keepEarlyEdits(container);

    const seen = await hydrate(container);
    expect(seen).toEqual({ name: '', agreed: 'false', answer: '', essay: '' });
    await act(() => replay());
    expect(seen).toEqual({ name: 'Ada', agreed: 'true', answer: 'no', essay: 'Engines' });
    expect(container.querySelector<HTMLInputElement>('#no')!.checked).toBe(true);
    expect(container.querySelector<HTMLInputElement>('#yes')!.checked).toBe(false);
  });

  it('leave alone the fields that still show what the server sent', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Fields seen={{}} />);
    const name = container.querySelector<HTMLInputElement>('#name')!;
    // Typed, then put back as it was: nothing to hand over.
    typeInto(name, 'A');
    typeInto(name, '');
    const replay = keepEarlyEdits(container);
    const seen = await hydrate(container);
    const changes = essayChanges;
    await act(() => replay());
    expect(seen).toEqual({ name: '', agreed: 'false', answer: '', essay: '' });
    expect(essayChanges).toBe(changes);
  });

  it('reach React when made after React claimed the field but before it committed', async () => {
    const { container, replay } = prerendered();
    // The hydration renders the fields, then waits on a sibling: claimed, not committed.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const seen: Record<string, string> = {};
    await act(async () => {
      startTransition(() => {
        hydrateRoot(
          container,
          <>
            <Fields seen={seen} />
            <Held until={held} />
          </>,
        );
      });
    });
    const name = container.querySelector<HTMLInputElement>('#name')!;
    expect(Object.keys(name).some((key) => key.startsWith('__reactFiber$'))).toBe(true);
    typeInto(name, 'Ada');
    await act(async () => release());
    await act(() => replay());
    expect(seen).toEqual({ name: 'Ada', agreed: 'false', answer: '', essay: '' });
    expect(name.value).toBe('Ada');
  });

  it('reach React when the next event on the field makes React hydrate at once', async () => {
    const { container, replay } = prerendered();
    const name = container.querySelector<HTMLInputElement>('#name')!;
    typeInto(name, 'Ada');
    const seen: Record<string, string> = {};
    // Hydration scheduled, not started: a change event (the browser's, as the field is left)
    // makes React hydrate there and then, and its tracker starts at what the field shows.
    startTransition(() => void hydrateRoot(container, <Fields seen={seen} />));
    name.dispatchEvent(new Event('change', { bubbles: true }));
    expect(Object.keys(name).some((key) => key.startsWith('__reactFiber$'))).toBe(true);
    await act(() => replay());
    expect(seen).toEqual({ name: 'Ada', agreed: 'false', answer: '', essay: '' });
    expect(name.value).toBe('Ada');
  });

  it('reach React when the field was left after React claimed it, before the replay', async () => {
    const { container, replay } = prerendered();
    const name = container.querySelector<HTMLInputElement>('#name')!;
    typeInto(name, 'Ada');
    // React claims the field after the edit: its tracker starts at "Ada", its state at "".
    const seen = await hydrate(container);
    expect(seen.name).toBe('');
    // Left before the replay reaches it (the Sign Up card sits in a Suspense boundary of its own,
    // hydrated after the routes commit): React's change handling finds its tracker up to date.
    await act(async () => void name.dispatchEvent(new Event('change', { bubbles: true })));
    expect(seen.name).toBe('');
    await act(() => replay());
    expect(seen).toEqual({ name: 'Ada', agreed: 'false', answer: '', essay: '' });
    expect(name.value).toBe('Ada');
  });

  it('hand React what a field shows once it commits, not an older value noted before', async () => {
    const { container, replay } = prerendered();
    const name = container.querySelector<HTMLInputElement>('#name')!;
    typeInto(name, 'Ad');
    const seen = await hydrate(container);
    // Typed once React has the field: React's own, and not to be undone by the replay.
    await act(async () => typeInto(name, 'Ada'));
    expect(seen.name).toBe('Ada');
    await act(() => replay());
    expect(seen).toEqual({ name: 'Ada', agreed: 'false', answer: '', essay: '' });
    expect(name.value).toBe('Ada');
  });

  it('reach a field that stores what it holds as it is left', async () => {
    const { container, replay } = prerendered();
    const essay = container.querySelector<HTMLTextAreaElement>('#essay')!;
    typeInto(essay, 'Analytical engines');
    const seen = await hydrate(container);
    await act(() => replay());
    expect(seen).toEqual({ name: '', agreed: 'false', answer: '', essay: 'Analytical engines' });
  });

  it('leave alone what React did with an edit it saw, such as a blur handler', async () => {
    const { container, replay } = prerendered();
    const seen = await hydrate(container);
    await act(() => replay());
    const essay = container.querySelector<HTMLTextAreaElement>('#essay')!;
    // Typed, then left: the browser's change, then the field's own blur handling.
    await act(async () => {
      typeInto(essay, '  Notes  ');
      essay.dispatchEvent(new Event('change', { bubbles: true }));
      essay.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    });
    expect(essay.value).toBe('Notes');
    const changes = essayChanges;
    await act(() => new Promise((resolve) => setTimeout(resolve, 120)));
    expect(essayChanges).toBe(changes);
    expect(seen).toEqual({ name: '', agreed: 'false', answer: '', essay: 'Notes' });
    expect(essay.value).toBe('Notes');
  });

  it('leave alone a box ticked once React has it, its click already handled', async () => {
    const { container, replay } = prerendered();
    const seen = await hydrate(container);
    await act(() => replay());
    const agreed = container.querySelector<HTMLInputElement>('#agreed')!;
    // React handles a checkbox's click; the input and change events after it change nothing more.
    await act(async () => agreed.click());
    const changes = agreedChanges;
    await act(() => new Promise((resolve) => setTimeout(resolve, 120)));
    expect(agreedChanges).toBe(changes);
    expect(seen.agreed).toBe('true');
    expect(agreed.checked).toBe(true);
  });

  it('hand React the radio button chosen last', async () => {
    const { container, replay } = prerendered();
    const choose = (id: string) => container.querySelector<HTMLInputElement>(`#${id}`)!.click();
    choose('yes');
    choose('no');
    choose('yes');
    const seen = await hydrate(container);
    await act(() => replay());
    expect(seen).toEqual({ name: '', agreed: 'false', answer: 'yes', essay: '' });
    expect(container.querySelector<HTMLInputElement>('#yes')!.checked).toBe(true);
  });

  it('is done when a noted field has left the page instead of waiting for it', async () => {
    const { container, replay } = prerendered(60_000);
    const name = container.querySelector<HTMLInputElement>('#name')!;
    typeInto(name, 'Ada');
    name.remove();
    let done = false;
    void replay().then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(true);
  });
});
