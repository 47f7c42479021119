/**
 * The one-time-code input both SPAs share: public §2 ("Code entry control": the waitlist, VPN
 * request and contact pages and the security demo) and admin §5 ("One-time-code input": the
 * profile's two-factor setup).
 *
 *   <OneTimeCodeInput value={code} onChange={setCode} onComplete={verify} />
 *
 * Props
 * - value:       the digits entered so far, in box order (the parent owns it; '' clears every box).
 * - onChange:    called with the new digits after every edit.
 * - length:      number of boxes, default ONE_TIME_CODE_LENGTH (6, the OTP_LENGTH and
 *                TOTP_CODE_LENGTH of @tunnelscope/contracts).
 * - onComplete:  called with the code when an edit (typing, paste, autofill) fills the last empty box.
 * - disabled:    disables every box (e.g. while the code is being checked).
 * - autoFocus:   focuses the first empty box on mount.
 * - label:       visible group label (the group's accessible name), default 'Verification code'.
 * - error:       message shown under the boxes and linked to each of them with aria-describedby.
 *
 * Each box is named 'Digit N of <length>'; the first has autocomplete="one-time-code".
 *
 * Behaviour: digits only, one per box; typing a digit moves focus to the next box; Backspace clears
 * the current box or, when it is empty, moves back and clears the previous one; Delete clears the
 * current box; ArrowLeft/ArrowRight/Home/End move; a paste (into any box) strips non-digits,
 * truncates to the length and fills from the first box; a phone's one-time-code autofill into the
 * first box fills them all. A box cleared in the middle stays empty until typed into again, so
 * `value` holds fewer than `length` digits until every box is filled.
 */
import { Input } from '@mantine/core';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
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

/** Keeps only ASCII digits (a pasted "123 456" or "123-456" becomes "123456"; full-width digits go). */
export function digitsOnly(text: string): string {
  return text.replace(/[^0-9]/g, '');
}

function slotsFrom(value: string, length: number): string[] {
  const digits = digitsOnly(value).slice(0, length);
  return Array.from({ length }, (_, i) => digits[i] ?? '');
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
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  // Slots are positional (a slot cleared in the middle stays empty) while `value` is their digits
  // joined. Re-read the slots from `value` only when the parent changed it to something else.
  const [slots, setSlots] = useState(() => slotsFrom(value, length));
  const joined = slots.join('');
  if (joined !== value || slots.length !== length) {
    const next = slotsFrom(value, length);
    if (next.join('') !== joined || slots.length !== length) setSlots(next);
  }

  const focusSlot = (index: number) => {
    const target = inputs.current[Math.max(0, Math.min(length - 1, index))];
    target?.focus();
    target?.select();
  };

  useEffect(() => {
    if (!autoFocus) return;
    const firstEmpty = slots.findIndex((slot) => slot === '');
    focusSlot(firstEmpty === -1 ? length - 1 : firstEmpty);
    // Only on mount: later focus follows the visitor's typing.
  }, []);

  const commit = (next: string[], focusIndex?: number) => {
    const nextValue = next.join('');
    setSlots(next);
    if (nextValue !== value) onChange(nextValue);
    if (focusIndex !== undefined) focusSlot(focusIndex);
    const wasComplete = slots.every((slot) => slot !== '');
    const isComplete = next.every((slot) => slot !== '');
    if (isComplete && (!wasComplete || nextValue !== joined)) onComplete?.(nextValue);
  };

  /** Writes `digits` from slot `start` on; focus goes to the slot after the last one written. */
  const fill = (start: number, digits: string) => {
    const next = [...slots];
    const written = digits.slice(0, length - start);
    for (let i = 0; i < written.length; i += 1) next[start + i] = written[i]!;
    commit(next, Math.min(start + written.length, length - 1));
  };

  const handleKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const { key } = event;
    if (/^[0-9]$/.test(key)) {
      // Handled here (not in onChange) so typing over a filled slot replaces its digit.
      event.preventDefault();
      fill(index, key);
      return;
    }
    switch (key) {
      case 'Backspace': {
        event.preventDefault();
        const next = [...slots];
        if (next[index] !== '') {
          next[index] = '';
          commit(next, index);
        } else if (index > 0) {
          next[index - 1] = '';
          commit(next, index - 1);
        }
        return;
      }
      case 'Delete': {
        event.preventDefault();
        const next = [...slots];
        next[index] = '';
        commit(next, index);
        return;
      }
      case 'ArrowLeft':
        event.preventDefault();
        focusSlot(index - 1);
        return;
      case 'ArrowRight':
        event.preventDefault();
        focusSlot(index + 1);
        return;
      case 'Home':
        event.preventDefault();
        focusSlot(0);
        return;
      case 'End':
        event.preventDefault();
        focusSlot(length - 1);
        return;
      default:
        // Any other printable character is refused; Tab, Enter and shortcuts keep working.
        if (key.length === 1) event.preventDefault();
    }
  };

  // Reached by input that bypasses keydown: phone keyboards (key 'Unidentified'), autofill of the
  // one-time code, dictation.
  const handleChange = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    if (text === '') {
      const next = [...slots];
      next[index] = '';
      commit(next, index);
      return;
    }
    let digits = digitsOnly(text);
    if (digits === '' || digits === slots[index]) return;
    // One new digit typed beside the old one: keep the new one.
    if (digits.length === 2 && slots[index] !== '' && digits.includes(slots[index]!)) {
      digits = digits[0] === slots[index] ? digits[1]! : digits[0]!;
    }
    if (digits.length >= length) fill(0, digits);
    else fill(index, digits);
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = digitsOnly(event.clipboardData.getData('text')).slice(0, length);
    if (digits === '') return;
    commit(slotsFrom(digits, length), Math.min(digits.length, length - 1));
  };

  const handleFocus = (event: FocusEvent<HTMLInputElement>) => event.target.select();

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error ? errorId : undefined}
      className={classes.root}
    >
      <Input.Label id={labelId} htmlFor={`${id}-0`} className={classes.label}>
        {label}
      </Input.Label>
      <div className={classes.slots}>
        {slots.map((slot, index) => (
          <input
            key={index}
            id={`${id}-${index}`}
            ref={(node) => {
              inputs.current[index] = node;
            }}
            value={slot}
            onChange={handleChange(index)}
            onKeyDown={handleKeyDown(index)}
            onPaste={handlePaste}
            onFocus={handleFocus}
            disabled={disabled}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${index + 1} of ${length}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={classes.input}
          />
        ))}
      </div>
      {error && (
        <Input.Error id={errorId} className={classes.error}>
          {error}
        </Input.Error>
      )}
    </div>
  );
}
