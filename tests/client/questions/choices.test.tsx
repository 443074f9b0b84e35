// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pageOf, renderForm } from './render-form';

const relationship = [
  { value: 'MO', label: 'Mother (fixture)' },
  { value: 'FA', label: 'Father (fixture)' },
  { value: 'GU', label: 'Legal Guardian (fixture)' },
  { value: 'GM', label: 'Grandmother' },
  { value: 'GF', label: 'Grandfather' },
  { value: 'OT', label: 'Other (fixture)' },
];

describe('radio', () => {
  it('is a fieldset with a legend and stores the value with its _desc', async () => {
    const { user, store } = renderForm(
      pageOf([{ type: 'radio', key: 'gender', label: 'Gender (fixture)', options: relationship }]),
    );
    const group = screen.getByRole('radiogroup', { name: 'Gender (fixture)' });
    expect(group.tagName).toBe('FIELDSET');
    expect(within(group).queryByLabelText('--')).not.toBeInTheDocument();
    await user.click(within(group).getByLabelText('Father (fixture)'));
    expect(store.getState().answers).toMatchObject({
      gender: 'FA',
      gender_desc: 'Father (fixture)',
    });
    await user.click(within(group).getByLabelText('Legal Guardian (fixture)'));
    expect(store.getState().answers).toMatchObject({
      gender: 'GU',
      gender_desc: 'Legal Guardian (fixture)',
    });
  });
});

describe('select', () => {
  const page = pageOf([
    {
      type: 'select',
      key: 'parent_relationship',
      label: 'Relationship (fixture)',
      options: relationship,
    },
    { type: 'text', key: 'after', label: 'After' },
  ]);

  it('is a select-only combobox labelled by its label, showing -- when empty', () => {
    renderForm(page);
    const combo = screen.getByRole('combobox', { name: 'Relationship (fixture)' });
    expect(combo.textContent).toBe('--');
    expect(combo).toHaveAttribute('aria-expanded', 'false');
    // A combobox's popup is a listbox by default; the attribute would only repeat it.
    expect(combo).not.toHaveAttribute('aria-haspopup');
    const listbox = document.getElementById(combo.getAttribute('aria-controls')!);
    expect(listbox).toHaveAttribute('role', 'listbox');
  });

  it('opens with ArrowDown, moves, chooses with Enter and stores the _desc', async () => {
    const { user, store } = renderForm(page);
    const combo = screen.getByRole('combobox', { name: 'Relationship (fixture)' });
    combo.focus();
    await user.keyboard('{ArrowDown}');
    expect(combo).toHaveAttribute('aria-expanded', 'true');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '--',
      'Mother (fixture)',
      'Father (fixture)',
      'Legal Guardian (fixture)',
      'Grandmother',
      'Grandfather',
      'Other (fixture)',
    ]);
    expect(combo).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(combo).toHaveAttribute('aria-activedescendant', options[2]!.id);
    expect(options[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(combo).toHaveAttribute('aria-expanded', 'false');
    expect(combo.textContent).toBe('Father (fixture)');
    expect(store.getState().answers).toMatchObject({
      parent_relationship: 'FA',
      parent_relationship_desc: 'Father (fixture)',
    });
    expect(combo).toHaveFocus();
  });

  it('closes with Escape without changing the answer, and Tab chooses and moves on', async () => {
    const { user, store } = renderForm(page);
    const combo = screen.getByRole('combobox', { name: 'Relationship (fixture)' });
    combo.focus();
    await user.keyboard('{ArrowDown}{End}{Escape}');
    expect(combo).toHaveAttribute('aria-expanded', 'false');
    expect(store.getState().answers.parent_relationship).toBeUndefined();
    await user.keyboard('{Home}{ArrowDown}');
    await user.tab();
    expect(store.getState().answers.parent_relationship).toBe('MO');
    expect(screen.getByLabelText('After')).toHaveFocus();
  });

  it('jumps to an option by typing, and the buffer resets after 1000 ms', () => {
    // fireEvent, not user-event: Testing Library's async wrapper hangs on Vitest's fake timers.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { store } = renderForm(page);
    const combo = screen.getByRole('combobox', { name: 'Relationship (fixture)' });
    combo.focus();
    const type = (key: string) => fireEvent.keyDown(combo, { key });
    const active = () => document.getElementById(combo.getAttribute('aria-activedescendant')!);

    type('g');
    expect(combo).toHaveAttribute('aria-expanded', 'true');
    expect(active()?.textContent).toBe('Grandmother');
    for (const key of 'randf') {
      act(() => vi.advanceTimersByTime(900));
      type(key);
    }
    expect(active()?.textContent).toBe('Grandfather');

    // A second after the last key the buffer starts again: "o" finds Other, not "grandfo…".
    act(() => vi.advanceTimersByTime(1000));
    type('o');
    expect(active()?.textContent).toBe('Other (fixture)');

    // Repeating one letter cycles through the options starting with it.
    act(() => vi.advanceTimersByTime(1000));
    type('g');
    expect(active()?.textContent).toBe('Grandmother');
    type('g');
    expect(active()?.textContent).toBe('Grandfather');
    type('Enter');
    expect(store.getState().answers).toMatchObject({
      parent_relationship: 'GF',
      parent_relationship_desc: 'Grandfather',
    });
  });

  it('starts a new type-ahead search whenever the list closes', () => {
    const { store } = renderForm(page);
    const combo = screen.getByRole('combobox', { name: 'Relationship (fixture)' });
    combo.focus();
    for (const key of ['f', 'Enter', 'o', 'Enter']) fireEvent.keyDown(combo, { key });
    // "o" within a second of "f": not "fo…" but a fresh search, because Enter closed the list.
    expect(store.getState().answers.parent_relationship).toBe('OT');
  });

  it('opens on a typed letter while closed and keeps the choice until Enter', () => {
    const { store } = renderForm(page, {
      initial: {
        answers: { parent_relationship: 'MO', parent_relationship_desc: 'Mother (fixture)' },
      },
    });
    const combo = screen.getByRole('combobox', { name: 'Relationship (fixture)' });
    combo.focus();
    fireEvent.keyDown(combo, { key: 'f' });
    expect(combo).toHaveAttribute('aria-expanded', 'true');
    expect(store.getState().answers.parent_relationship).toBe('MO');
    fireEvent.keyDown(combo, { key: 'Enter' });
    expect(store.getState().answers).toMatchObject({
      parent_relationship: 'FA',
      parent_relationship_desc: 'Father (fixture)',
    });
  });

  it('chooses with the mouse', async () => {
    const { user, store } = renderForm(page);
    await user.click(screen.getByRole('combobox', { name: 'Relationship (fixture)' }));
    await user.click(screen.getByRole('option', { name: 'Other (fixture)' }));
    expect(store.getState().answers).toMatchObject({
      parent_relationship: 'OT',
      parent_relationship_desc: 'Other (fixture)',
    });
  });
});

describe('checkboxes', () => {
  it('stores true or false for a single box', async () => {
    const { user, store } = renderForm(
      pageOf([{ type: 'checkbox', key: 'optin_sms_ind', label: 'Send me texts.' }]),
    );
    const box = screen.getByRole('checkbox', { name: 'Send me texts.' });
    await user.click(box);
    expect(store.getState().answers.optin_sms_ind).toBe('true');
    await user.click(box);
    expect(store.getState().answers.optin_sms_ind).toBe('false');
  });

  it('groups boxes in a fieldset, each its own answer', async () => {
    const { user, store } = renderForm(
      pageOf([
        {
          type: 'checkbox-group',
          id: 'race',
          label: 'How do you identify yourself?',
          hint: 'Select all that apply.',
          items: [
            { key: 'race_asian', label: 'Asian (fixture)' },
            { key: 'race_white', label: 'White (fixture)' },
          ],
        },
      ]),
    );
    const group = screen.getByRole('group', { name: 'How do you identify yourself?' });
    expect(group.tagName).toBe('FIELDSET');
    expect(group).toHaveAttribute('aria-describedby', 'race-hint');
    await user.click(within(group).getByLabelText('White (fixture)'));
    expect(store.getState().answers).toMatchObject({ race_white: 'true' });
    expect(store.getState().answers.race_asian).toBeUndefined();
    expect(document.getElementById('race_white')).toBeInTheDocument();
  });
});

describe('yes-no with conditional content', () => {
  const page = pageOf([
    {
      type: 'yes-no',
      key: 'legacy_ind',
      label: 'Has a relative attended?',
      then: [{ type: 'text', key: 'legacy_first_name', label: "Relative's First Name (fixture)" }],
      else: [{ type: 'text', key: 'legacy_reason', label: 'Why not?' }],
    },
  ]);

  it('shows the then branch on Yes and the else branch on No, clearing the one that hides', async () => {
    const { user, store } = renderForm(page);
    expect(screen.queryByLabelText("Relative's First Name (fixture)")).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Why not?')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Yes'));
    expect(store.getState().answers).toMatchObject({ legacy_ind: 'Y', legacy_ind_desc: 'Yes' });
    await user.type(screen.getByLabelText("Relative's First Name (fixture)"), 'Grace');
    expect(store.getState().answers.legacy_first_name).toBe('Grace');

    await user.click(screen.getByLabelText('No'));
    expect(screen.queryByLabelText("Relative's First Name (fixture)")).not.toBeInTheDocument();
    expect(screen.getByLabelText('Why not?')).toBeInTheDocument();
    expect(store.getState().answers).toMatchObject({
      legacy_ind: 'N',
      legacy_ind_desc: 'No',
      legacy_first_name: '',
    });

    await user.click(screen.getByLabelText('Yes'));
    expect(screen.getByLabelText("Relative's First Name (fixture)")).toHaveValue('');
  });
});

describe('confirmation', () => {
  it('reveals its content once the box is ticked', async () => {
    const { user, store } = renderForm(
      pageOf([
        {
          type: 'confirm',
          key: 'legal_agree',
          label: 'I certify my answers.',
          then: [{ type: 'paragraph', text: 'Thank you. Select Submit.' }],
        },
      ]),
    );
    expect(screen.queryByText('Thank you. Select Submit.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'I certify my answers.' }));
    expect(store.getState().answers.legal_agree).toBe('true');
    expect(screen.getByText('Thank you. Select Submit.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'I certify my answers.' }));
    expect(screen.queryByText('Thank you. Select Submit.')).not.toBeInTheDocument();
  });

  it('reveals its content when the confirmation button is pressed, and clears it when undone', async () => {
    const { user, store } = renderForm(
      pageOf([
        {
          type: 'confirm',
          key: 'ready',
          style: 'button',
          buttonLabel: 'I am ready',
          label: 'Ready to continue?',
          then: [{ type: 'text', key: 'next_step', label: 'Next step' }],
        },
      ]),
    );
    const button = screen.getByRole('button', { name: 'I am ready' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await user.type(screen.getByLabelText('Next step'), 'Go');
    expect(store.getState().answers).toMatchObject({ ready: 'true', next_step: 'Go' });
    await user.click(button);
    expect(screen.queryByLabelText('Next step')).not.toBeInTheDocument();
    expect(store.getState().answers).toMatchObject({ ready: 'false', next_step: '' });
  });
});

describe('question conditions', () => {
  it('shows a question only while its condition holds, and clears it when hidden', async () => {
    const { user, store } = renderForm(
      pageOf([
        {
          type: 'radio',
          key: 'citizenship_type',
          label: 'Citizenship (fixture)',
          options: [
            { value: 'US', label: 'U.S. Citizen (fixture)' },
            { value: 'PR', label: 'Permanent Resident' },
          ],
        },
        {
          type: 'text',
          key: 'alien_registration_number',
          label: 'Alien Registration Number (fixture)',
          condition: { valueKey: 'citizenship_type', operator: 'equals', target: 'PR' },
        },
      ]),
    );
    expect(screen.queryByLabelText('Alien Registration Number (fixture)')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Permanent Resident'));
    await user.type(screen.getByLabelText('Alien Registration Number (fixture)'), 'A123');
    await user.click(screen.getByLabelText('U.S. Citizen (fixture)'));
    expect(screen.queryByLabelText('Alien Registration Number (fixture)')).not.toBeInTheDocument();
    expect(store.getState().answers.alien_registration_number).toBe('');
  });
});
