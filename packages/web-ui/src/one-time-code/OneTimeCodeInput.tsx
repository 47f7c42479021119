/**
 * The one-time-code input both SPAs share: the public pages' e-mailed codes (waitlist, VPN
 * request, contact, the security demo) and the admin panel's two-factor setup. It is Mantine's
 * `PinInput`, with the few rules PinInput does not have added around it.
 *
 *   <OneTimeCodeInput value={code} onChange={setCode} onComplete={verify} />
 *
 * Props
 * - value:       the digits entered so far (the parent owns it; '' clears every box).
 * - onChange:    called with the new digits after every edit.
 * - length:      number of boxes, default ONE_TIME_CODE_LENGTH (6, the OTP_LENGTH and
 *                TOTP_CODE_LENGTH of @tunnelscope/contracts).
 * - onComplete:  called with the code when an edit (typing, paste, autofill) fills the last box.
 * - disabled:    disables every box (e.g. while the code is being checked).
 * - autoFocus:   focuses the first empty box on mount.
 * - label:       visible group label (the group's accessible name), default 'Verification code'.
 * - error:       message shown under the boxes and linked to each of them with aria-describedby.
 *
 * Each box is named 'Digit N of <length>'; the first has autocomplete="one-time-code", so a
 * phone offers the code it received, and its autofill fills every box.
 *
 * Behaviour: digits only, one per box; typing a digit moves focus to the next box; Backspace
 * clears the current box or, when it is empty, moves back and clears the previous one; Delete
 * clears the current box; ArrowLeft/ArrowRight/Home/End move; a paste (into any box) strips
 * non-digits, truncates to the length and fills from the first box. `value` is the digits in box
 * order, so a box cleared in the middle closes up with the digits after it.
 */
import { Input, InputWrapperContext, PinInput } from '@mantine/core';
import { useEffect, useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import classes from './OneTimeCodeInput.module.css';

export interface OneTimeCodeInputProps {
  value: string;
  onChange(value: string): void;
  length?: number;
  onComplete?(code: string): void;
  disabled?: boolean;
  autoFocus?: boolean;
  label?: string;
  error?: string;
}

/** Six digits: the public pages' e-mailed codes and the admin panel's TOTP codes alike. */
export const ONE_TIME_CODE_LENGTH = 6;

const DEFAULT_LABEL = 'Verification code';
const NO_WRAPPER = {
  offsetTop: false,
  offsetBottom: false,
  describedBy: undefined,
  inputId: undefined,
  labelId: undefined,
  getStyles: null,
};
const INDEX_ATTRIBUTE = 'data-code-index';

/** Focuses box `index` (kept within the boxes) of the input inside `root`, selecting its digit. */
function focusBoxIn(root: HTMLElement | null, index: number, length: number): void {
  const boxes = root?.querySelectorAll<HTMLInputElement>(`input[${INDEX_ATTRIBUTE}]`);
  const target = boxes?.[Math.max(0, Math.min(length - 1, index))];
  target?.focus();
  target?.select();
}

/** Keeps only ASCII digits (a pasted "123 456" or "123-456" becomes "123456"; full-width digits go). */
export function digitsOnly(text: string): string {
  return text.replace(/[^0-9]/g, '');
}

export function OneTimeCodeInput({
  value,
  onChange,
  length = ONE_TIME_CODE_LENGTH,
  onComplete,
  disabled = false,
  autoFocus = false,
  label = DEFAULT_LABEL,
  error,
}: OneTimeCodeInputProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const root = useRef<HTMLDivElement>(null);
  const code = digitsOnly(value).slice(0, length);

  const focusBox = (index: number) => focusBoxIn(root.current, index, length);

  // On mount only (the first empty box); later, focus follows the person's typing.
  const mountFocus = useRef(autoFocus ? { index: code.length, length } : null);
  useEffect(() => {
    if (mountFocus.current) focusBoxIn(root.current, mountFocus.current.index, mountFocus.current.length);
  }, []);

  /** Every edit goes through here: the parent's value, and onComplete when it just became whole. */
  const change = (next: string) => {
    const digits = digitsOnly(next).slice(0, length);
    if (digits === code) return;
    onChange(digits);
    if (digits.length === length) onComplete?.(digits);
  };

  const indexOf = (target: EventTarget): number => {
    const attribute = target instanceof HTMLElement ? target.getAttribute(INDEX_ATTRIBUTE) : null;
    return attribute === null ? -1 : Number(attribute);
  };

  // Keys PinInput handles differently are handled here first, in the capture phase, and stopped.
  const handleKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = indexOf(event.target);
    if (index === -1 || event.ctrlKey || event.metaKey || event.altKey) return;
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    switch (event.key) {
      case 'Backspace':
        handled();
        if (index < code.length) {
          change(code.slice(0, index) + code.slice(index + 1));
          focusBox(index);
        } else if (index > 0) {
          change(code.slice(0, index - 1) + code.slice(index));
          focusBox(index - 1);
        }
        return;
      case 'Delete':
        handled();
        if (index < code.length) change(code.slice(0, index) + code.slice(index + 1));
        return;
      case 'Home':
        handled();
        focusBox(0);
        return;
      case 'End':
        handled();
        focusBox(length - 1);
        return;
      default:
    }
  };

  // PinInput takes a paste only when all of it is digits; this one keeps the digits of any paste.
  const handlePasteCapture = (event: ClipboardEvent<HTMLDivElement>) => {
    if (indexOf(event.target) === -1) return;
    event.preventDefault();
    event.stopPropagation();
    const digits = digitsOnly(event.clipboardData.getData('text')).slice(0, length);
    if (digits === '') return;
    change(digits);
    focusBox(Math.min(digits.length, length - 1));
  };

  return (
    <div className={classes.root}>
      <Input.Label id={labelId} htmlFor={`${id}-1`} className={classes.label}>
        {label}
      </Input.Label>
      {/* Mantine's inputs take their description from this context (what Input.Wrapper provides);
          the wrapper itself would give all the boxes one id. */}
      <InputWrapperContext value={{ ...NO_WRAPPER, describedBy: error ? errorId : undefined }}>
        <PinInput
          rootRef={root}
          id={id}
          length={length}
          type="number"
          inputType="text"
          placeholder=""
          value={code}
          onChange={change}
          disabled={disabled}
          error={Boolean(error)}
          aria-labelledby={labelId}
          aria-describedby={error ? errorId : undefined}
          onKeyDownCapture={handleKeyDownCapture}
          onPasteCapture={handlePasteCapture}
          classNames={{ root: classes.slots, pinInput: classes.slot, input: classes.input }}
          getInputProps={(index) => ({
            [INDEX_ATTRIBUTE]: index,
            'aria-label': `Digit ${index + 1} of ${length}`,
            autoComplete: index === 0 ? 'one-time-code' : 'off',
            pattern: '[0-9]*',
          })}
        />
      </InputWrapperContext>
      {error && (
        <Input.Error id={errorId} className={classes.error}>
          {error}
        </Input.Error>
      )}
    </div>
  );
}
