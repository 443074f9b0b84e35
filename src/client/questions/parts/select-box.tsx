import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { OptionItem } from '../../../engine/definitions';
import { menuPlacement, PAGE_SIZE, revealOption, type MenuPlacement } from './menu-placement';
import { isPrintable, TYPEAHEAD_RESET_MS, typeaheadIndex } from './typeahead';

interface SelectBoxProps {
  id: string;
  /** The label element's id (a select-only combobox is labelled by aria-labelledby). */
  labelledBy: string;
  options: readonly OptionItem[];
  value: string;
  onChange: (option: OptionItem) => void;
  /** The combobox took the focus (its list may still be loading). */
  onFocus?: () => void;
  className: string;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
}

/**
 * A select-only combobox (WAI-ARIA APG): focus stays on the combobox, the listbox's active option
 * is pointed at by aria-activedescendant. Arrow keys, Home, End, PageUp/PageDown (5), Enter,
 * Space, Tab, Escape and Alt+Arrow work; typing letters jumps to a matching option, the buffer
 * resetting after 1000 ms. The options are drawn only while the listbox is open.
 */
export function SelectBox(props: SelectBoxProps) {
  const { id, labelledBy, options, value, onChange } = props;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [placement, setPlacement] = useState<MenuPlacement>('bottom');
  const control = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const buffer = useRef({ text: '', timer: 0 });

  const chosen = options.findIndex((option) => option.value === value);
  const last = options.length - 1;
  const listboxId = `${id}-listbox`;
  const optionId = (i: number) => `${id}-option-${i}`;

  useLayoutEffect(() => {
    if (open) revealOption(list.current?.children[active] ?? null);
  }, [open, active]);
  useEffect(() => () => window.clearTimeout(buffer.current.timer), []);

  const show = (index: number) => {
    setPlacement(menuPlacement(control.current));
    setActive(Math.min(Math.max(index, 0), last));
    setOpen(true);
  };
  const close = () => {
    // A new search starts whenever the listbox closes.
    window.clearTimeout(buffer.current.timer);
    buffer.current.text = '';
    setOpen(false);
  };
  const choose = (index: number) => {
    const option = options[index];
    close();
    if (option && option.value !== value) onChange(option);
  };
  const type = (char: string) => {
    const state = buffer.current;
    window.clearTimeout(state.timer);
    state.text += char;
    state.timer = window.setTimeout(() => (state.text = ''), TYPEAHEAD_RESET_MS);
    const from = open ? active : Math.max(chosen, 0);
    const match = typeaheadIndex(options, state.text, from);
    show(match >= 0 ? match : from);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const { key, altKey } = event;
    if (isPrintable(event) && (key !== ' ' || buffer.current.text !== '')) {
      event.preventDefault();
      type(key);
      return;
    }
    const move = (index: number) => {
      event.preventDefault();
      if (open) setActive(Math.min(Math.max(index, 0), last));
      else show(index);
    };
    if (!open) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(key)) move(Math.max(chosen, 0));
      else if (key === 'Home') move(0);
      else if (key === 'End') move(last);
      return;
    }
    switch (key) {
      case 'ArrowDown':
        return altKey ? undefined : move(active + 1);
      case 'ArrowUp':
        if (altKey) {
          event.preventDefault();
          return choose(active);
        }
        return move(active - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(last);
      case 'PageDown':
        return move(active + PAGE_SIZE);
      case 'PageUp':
        return move(active - PAGE_SIZE);
      case 'Enter':
      case ' ':
        event.preventDefault();
        return choose(active);
      case 'Tab':
        return choose(active);
      case 'Escape':
        event.preventDefault();
        return close();
    }
  };

  return (
    <div className="select">
      <div
        ref={control}
        id={id}
        role="combobox"
        tabIndex={0}
        className={`${props.className} select__control`}
        // A combobox's popup is a listbox by default: no aria-haspopup needed.
        aria-expanded={open}
        aria-controls={listboxId}
        aria-labelledby={labelledBy}
        aria-activedescendant={open ? optionId(active) : undefined}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid || undefined}
        aria-required={props.required || undefined}
        onKeyDown={onKeyDown}
        onClick={() => (open ? close() : show(Math.max(chosen, 0)))}
        onFocus={props.onFocus}
        onBlur={close}
      >
        <span className="select__value">{options[chosen]?.label ?? '--'}</span>
        <span className="select__arrow" aria-hidden="true" />
      </div>
      <ul
        ref={list}
        id={listboxId}
        role="listbox"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        hidden={!open}
        className={`select__menu select__menu--${placement}`}
      >
        {open &&
          options.map((option, i) => (
            <li
              key={option.value}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={[
                'select__option',
                i === active ? 'select__option--active' : '',
                i === chosen ? 'select__option--chosen' : '',
              ].join(' ')}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => i !== active && setActive(i)}
              onClick={() => choose(i)}
            >
              {option.label}
            </li>
          ))}
      </ul>
    </div>
  );
}
