import {
  useLayoutEffect,
  useRef,
  useState,
  type InputHTMLAttributes,
  type KeyboardEvent,
} from 'react';
import { menuPlacement, PAGE_SIZE, revealOption, type MenuPlacement } from './menu-placement';
import { t } from '../../i18n/i18n';

export interface Suggestion {
  id: string;
  text: string;
  subText?: string;
}

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'onSelect' | 'role'
>;

interface AutocompleteProps extends NativeProps {
  id: string;
  value: string;
  onInputChange: (text: string) => void;
  suggestions: readonly Suggestion[];
  onChoose: (suggestion: Suggestion) => void;
  /** Read to screen readers while results are loading. */
  busy?: boolean;
}

/**
 * An editable combobox with list autocomplete and manual selection (WAI-ARIA APG): typing opens
 * the suggestions, ArrowDown/ArrowUp move through them (PageDown/PageUp by 5), Enter chooses,
 * Escape closes, Alt+ArrowDown opens without moving. A live region counts the results.
 */
export function Autocomplete(props: AutocompleteProps) {
  const { id, value, onInputChange, suggestions, onChoose, busy, onBlur, ...rest } = props;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [placement, setPlacement] = useState<MenuPlacement>('bottom');
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const listboxId = `${id}-listbox`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const shown = open && suggestions.length > 0;
  const current = active < suggestions.length ? active : -1;
  const last = suggestions.length - 1;

  useLayoutEffect(() => {
    if (shown && current >= 0) revealOption(list.current?.children[current] ?? null);
  }, [shown, current]);

  const show = (index: number) => {
    setPlacement(menuPlacement(input.current));
    setOpen(true);
    setActive(index);
  };
  const choose = (index: number) => {
    const suggestion = suggestions[index];
    setOpen(false);
    setActive(-1);
    if (suggestion) onChoose(suggestion);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const move = (index: number) => {
      event.preventDefault();
      if (suggestions.length === 0) return;
      show(Math.min(Math.max(index, 0), last));
    };
    switch (event.key) {
      case 'ArrowDown':
        if (event.altKey) {
          event.preventDefault();
          return show(current);
        }
        return shown ? move(current >= last ? 0 : current + 1) : move(0);
      case 'ArrowUp':
        return shown ? move(current <= 0 ? last : current - 1) : move(last);
      case 'PageDown':
        return shown ? move(current + PAGE_SIZE) : undefined;
      case 'PageUp':
        return shown ? move(current - PAGE_SIZE) : undefined;
      case 'Enter':
        if (!shown || current < 0) return;
        event.preventDefault();
        return choose(current);
      case 'Escape':
        if (!shown) return;
        event.preventDefault();
        setOpen(false);
        return setActive(-1);
    }
  };

  return (
    <div className="autocomplete">
      <input
        {...rest}
        ref={input}
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listboxId}
        aria-activedescendant={shown && current >= 0 ? optionId(current) : undefined}
        value={value}
        onChange={(event) => {
          onInputChange(event.target.value);
          show(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          setOpen(false);
          setActive(-1);
          onBlur?.(event);
        }}
      />
      <ul
        ref={list}
        id={listboxId}
        role="listbox"
        aria-label={t('suggestions.label')}
        hidden={!shown}
        className={`select__menu select__menu--${placement}`}
      >
        {shown &&
          suggestions.map((suggestion, i) => (
            <li
              key={suggestion.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              className={i === current ? 'select__option select__option--active' : 'select__option'}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => i !== current && setActive(i)}
              onClick={() => choose(i)}
            >
              <span className="select__option-text">{suggestion.text}</span>
              {suggestion.subText && (
                <span className="select__option-sub">{suggestion.subText}</span>
              )}
            </li>
          ))}
      </ul>
      <p className="visually-hidden" role="status">
        {open && value.trim() !== ''
          ? busy
            ? t('suggestions.searching')
            : t('suggestions.count', { count: suggestions.length })
          : ''}
      </p>
    </div>
  );
}
