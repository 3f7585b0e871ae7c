import { useId, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import './combobox.css';

export interface ComboboxOption {
  key: string;
  label: string;
  hint?: string;
}

interface Props {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly ComboboxOption[];
  onPick: (option: ComboboxOption) => void;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Announced while the list is open ("8 suggestions …", "No matches"). */
  status: string;
  /** Before hydration the input is a plain text field: no combobox role that could never open. */
  isEnhanced: boolean;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  className?: string;
}

/**
 * A text input with a list of suggestions (WAI-ARIA 1.2 combobox with a listbox popup): arrow keys move
 * through the options, Enter picks one, Escape closes the list; focus stays in the input.
 */
export function Combobox(props: Props) {
  const { id, label, value, options, isOpen, isEnhanced } = props;
  const listId = `${id}-list`;
  const statusId = useId();
  const [active, setActive] = useState(-1);
  const isExpanded = isEnhanced && isOpen && options.length > 0;
  const activeIndex = active < options.length ? active : -1;

  function move(step: number) {
    if (!isOpen) props.onOpenChange(true);
    if (options.length === 0) return;
    const last = options.length - 1;
    setActive((current) => {
      if (step > 0) return current < last ? current + 1 : 0;
      return current > 0 ? current - 1 : last;
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!isOpen) {
          props.onOpenChange(true);
          setActive(0);
        } else move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Enter': {
        const option = isExpanded && activeIndex >= 0 ? options[activeIndex] : undefined;
        if (option) {
          event.preventDefault();
          setActive(-1);
          props.onPick(option);
        }
        break;
      }
      case 'Escape':
        if (isOpen) {
          event.preventDefault();
          props.onOpenChange(false);
          setActive(-1);
        }
        break;
      default:
        break;
    }
  }

  return (
    <div className={['combobox', props.className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <input
        {...props.inputProps}
        id={id}
        type="text"
        value={value}
        autoComplete="off"
        onChange={(event) => {
          setActive(-1);
          props.onValueChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          props.onOpenChange(false);
          setActive(-1);
        }}
        {...(isEnhanced
          ? {
              role: 'combobox',
              'aria-autocomplete': 'list' as const,
              'aria-expanded': isExpanded,
              'aria-controls': listId,
              'aria-describedby': statusId,
              'aria-activedescendant': isExpanded && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined,
            }
          : {})}
      />
      {isEnhanced && (
        <>
          <ul id={listId} role="listbox" aria-label={label} className="combobox__list" hidden={!isExpanded}>
            {options.map((option, index) => (
              <li
                key={option.key}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                className="combobox__option"
                // mousedown, not click: the input must not lose focus (and close the list) first.
                onMouseDown={(event) => {
                  event.preventDefault();
                  setActive(-1);
                  props.onPick(option);
                }}
                onMouseEnter={() => setActive(index)}
              >
                <span>{option.label}</span>
                {option.hint && <span className="combobox__hint">{option.hint}</span>}
              </li>
            ))}
          </ul>
          <span id={statusId} className="visually-hidden" aria-live="polite">
            {isOpen ? props.status : ''}
          </span>
        </>
      )}
    </div>
  );
}
