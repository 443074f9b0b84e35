// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { manualSchoolHint } from '../../../src/client/messages';
import { calledUrls, json, pageOf, renderForm, stubFetch } from './render-form';
import { preloadQuestionTypes } from '../../../src/client/questions/question-renderers';

// The question types /about does not use load apart in the browser (and in lazy-question.test.tsx);
// here they are loaded first, so that each renders in the same turn as the page.
beforeAll(() => preloadQuestionTypes());

const page = pageOf([
  {
    type: 'school-search',
    prefix: 'hs_',
    category: 'hs_ceeb',
    label: 'Search for Your School (fixture)',
    required: true,
    hint: "Type your school's name or city.",
  },
]);

const results = [
  { id: '141234', text: 'Lincoln High School', sub_text: 'Springfield, IL · CEEB 141234' },
  { id: '141999', text: 'Lincoln Park Academy', sub_text: 'Chicago, IL · CEEB 141999' },
];
const lincoln = {
  id: '141234',
  name: 'Lincoln High School',
  ceeb: '141234',
  address_line_1: '',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'USA',
};

const searchBox = () => screen.getByRole('combobox', { name: 'Search for Your School (fixture)' });
const type = (text: string) => fireEvent.change(searchBox(), { target: { value: text } });
const key = (name: string) => fireEvent.keyDown(searchBox(), { key: name });
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const optionTexts = () => screen.queryAllByRole('option').map((option) => option.textContent);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

describe('school search', () => {
  it('searches /lookup/find 200 ms after typing stops, with the applicant state', async () => {
    const fetchMock = stubFetch(() => results);
    renderForm(page, { initial: { answers: { state: 'IL' } } });
    type('Lin');
    await advance(150);
    expect(fetchMock).not.toHaveBeenCalled();
    type('Linc');
    await advance(150);
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(60);
    expect(calledUrls(fetchMock)).toEqual([
      '/lookup/find?query=Linc&category=hs_ceeb&max_results=5&state=IL',
    ]);
  });

  it('searches at least every 500 ms while the applicant keeps typing', async () => {
    const fetchMock = stubFetch(() => results);
    renderForm(page);
    for (const text of ['L', 'Li', 'Lin', 'Linc']) {
      type(text);
      await advance(150);
    }
    // 600 ms of typing, never 200 ms quiet: the maximum wait passed it on at 500 ms.
    expect(calledUrls(fetchMock)).toEqual([
      '/lookup/find?query=Linc&category=hs_ceeb&max_results=5',
    ]);
  });

  it('lists the results and a free-text "Use: …" option, operated by keyboard', async () => {
    stubFetch(() => results);
    renderForm(page);
    type('Linc');
    await advance(250);
    await vi.waitFor(() => expect(optionTexts()).toHaveLength(3));
    expect(optionTexts()).toEqual([
      'Lincoln High SchoolSpringfield, IL · CEEB 141234',
      'Lincoln Park AcademyChicago, IL · CEEB 141999',
      'Use: Linc',
    ]);
    const box = searchBox();
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(screen.getByRole('status').textContent).toBe('3 suggestions available.');

    key('ArrowDown');
    const options = screen.getAllByRole('option');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    key('ArrowDown');
    key('ArrowDown');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);
    key('ArrowDown');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    key('ArrowUp');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);

    key('Escape');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    key('ArrowDown');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]!.id);
  });

  it('copies the chosen school name, CEEB code and address into the answers', async () => {
    const fetchMock = stubFetch((url) => (url.includes('query=') ? results : lincoln));
    const { store } = renderForm(page);
    type('Linc');
    await advance(250);
    await vi.waitFor(() => expect(optionTexts()).toHaveLength(3));
    key('ArrowDown');
    key('Enter');
    await vi.waitFor(() => expect(store.getState().answers.hs_ceeb).toBe('141234'));
    expect(calledUrls(fetchMock)[1]).toBe('/lookup/find?id=141234&category=hs_ceeb');
    expect(store.getState().answers).toMatchObject({
      hs_name: 'Lincoln High School',
      hs_ceeb: '141234',
      hs_country: 'USA',
      hs_country_desc: 'United States',
      hs_address_line_1: '',
      hs_city: 'Springfield',
      hs_state: 'IL',
      hs_state_desc: 'Illinois',
      hs_zip: '62701',
    });
    expect(searchBox()).toHaveValue('Lincoln High School');
    expect(
      screen.getByText('Lincoln High School (141234), Springfield, IL 62701, United States'),
    ).toBeInTheDocument();
    expect(screen.queryByText(manualSchoolHint())).not.toBeInTheDocument();
  });

  it('uses the suggestion text as the name when the detail call fails', async () => {
    stubFetch((url) =>
      url.includes('query=') ? results : json({ message: 'No such entry.' }, 404),
    );
    const { store } = renderForm(page, { initial: { answers: { hs_ceeb: '999999' } } });
    type('Linc');
    await advance(250);
    await vi.waitFor(() => expect(optionTexts()).toHaveLength(3));
    fireEvent.click(screen.getAllByRole('option')[1]!);
    await vi.waitFor(() => expect(store.getState().answers.hs_name).toBe('Lincoln Park Academy'));
    expect(store.getState().answers.hs_ceeb).toBe('');
  });

  it('swallows a failed search: only the free-text option is offered', async () => {
    stubFetch(() => json({ message: 'Down.' }, 500));
    renderForm(page);
    type('Nowhere');
    await advance(250);
    await vi.waitFor(() => expect(optionTexts()).toEqual(['Use: Nowhere']));
  });

  it('"Use: …" keeps the typed name and switches to manual entry with its hint', async () => {
    stubFetch(() => []);
    const { store } = renderForm(page, {
      initial: { answers: { hs_ceeb: '141234', hs_city: 'Springfield' } },
    });
    type('Home School Co-op');
    await advance(250);
    await vi.waitFor(() => expect(optionTexts()).toEqual(['Use: Home School Co-op']));
    key('ArrowDown');
    key('Enter');
    expect(store.getState().answers).toMatchObject({
      hs_name: 'Home School Co-op',
      hs_ceeb: '',
      hs_city: '',
    });
    expect(screen.getByText(manualSchoolHint())).toBeInTheDocument();
    expect(manualSchoolHint()).toBe('Enter your school information below.');
    expect(searchBox().getAttribute('aria-describedby')).toContain('hs_name-manual-hint');
    // The other parts are asked now, and typing the name changes it directly.
    for (const label of ['CEEB Code', 'Country', 'Address', 'City', 'ZIP/Postal Code'])
      expect(screen.getByText(label, { selector: 'label' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Duluth' } });
    type('Home School Co-op North');
    expect(store.getState().answers).toMatchObject({
      hs_name: 'Home School Co-op North',
      hs_city: 'Duluth',
    });
  });

  it('offers manual entry without searching, and back', () => {
    renderForm(page);
    expect(screen.queryByText(manualSchoolHint())).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: "I can't find my school" }));
    expect(screen.getByText(manualSchoolHint())).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Search for my school instead' }));
    expect(screen.queryByText(manualSchoolHint())).not.toBeInTheDocument();
  });

  it('starts in manual mode for a name without a CEEB code', () => {
    renderForm(page, { initial: { answers: { hs_name: 'Home School Co-op' } } });
    expect(screen.getByText(manualSchoolHint())).toBeInTheDocument();
    expect(searchBox()).toHaveValue('Home School Co-op');
  });

  it('forgets typed text that was not chosen when the search box loses focus', async () => {
    stubFetch(() => results);
    const { store } = renderForm(page, {
      initial: { answers: { hs_name: 'Lincoln High School', hs_ceeb: '141234' } },
    });
    type('Linx');
    fireEvent.blur(searchBox());
    expect(searchBox()).toHaveValue('Lincoln High School');
    expect(store.getState().answers.hs_name).toBe('Lincoln High School');
  });
});
