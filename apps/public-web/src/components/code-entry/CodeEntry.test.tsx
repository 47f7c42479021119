import { jest } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../../test/render.js';
import { CodeEntry } from './CodeEntry.js';

function Harness({
  onComplete,
  initial = '',
  length,
}: {
  onComplete?: (code: string) => void;
  initial?: string;
  length?: number;
}) {
  const [code, setCode] = useState(initial);
  return (
    <>
      <CodeEntry value={code} onChange={setCode} onComplete={onComplete} length={length} />
      <output data-testid="value">{code}</output>
    </>
  );
}

const slot = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });
const slotValues = () => screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value);
const value = () => screen.getByTestId('value').textContent;

describe('CodeEntry', () => {
  it('renders six labelled numeric slots in a named group, one-time-code on the first', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(slot(1)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(slot(2)).toHaveAttribute('autocomplete', 'off');
    for (const input of screen.getAllByRole('textbox')) expect(input).toHaveAttribute('inputmode', 'numeric');
  });

  it('accepts digits only and moves focus to the next slot', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(slot(1));
    await user.keyboard('a');
    expect(slot(1)).toHaveValue('');
    expect(slot(1)).toHaveFocus();
    await user.keyboard('4');
    expect(slot(2)).toHaveFocus();
    await user.keyboard('x-2');
    expect(slotValues()).toEqual(['4', '2', '', '', '', '']);
    expect(slot(3)).toHaveFocus();
    expect(value()).toBe('42');
  });

  it('Backspace clears the current slot, or moves back and clears the previous one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="123" />);
    await user.click(slot(3));
    await user.keyboard('{Backspace}');
    expect(slotValues()).toEqual(['1', '2', '', '', '', '']);
    expect(slot(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(slotValues()).toEqual(['1', '', '', '', '', '']);
    expect(slot(2)).toHaveFocus();
    expect(value()).toBe('1');
  });

  it('arrow keys move between slots without changing them', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="12" />);
    await user.click(slot(1));
    await user.keyboard('{ArrowRight}');
    expect(slot(2)).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowLeft}');
    expect(slot(3)).toHaveFocus();
    expect(value()).toBe('12');
  });

  it('a paste anywhere strips non-digits, truncates to six and fills from the first slot', async () => {
    const onComplete = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onComplete={onComplete} />);
    await user.click(slot(4));
    await user.paste('Code: 12-34 56 789');
    expect(slotValues()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(value()).toBe('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('a short paste fills the first slots and focuses the next empty one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(slot(5));
    await user.paste('9 8');
    expect(slotValues()).toEqual(['9', '8', '', '', '', '']);
    expect(slot(3)).toHaveFocus();
  });

  it('calls onComplete when the sixth digit is typed, and not before', async () => {
    const onComplete = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onComplete={onComplete} />);
    await user.click(slot(1));
    await user.keyboard('12345');
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('6');
    expect(onComplete).toHaveBeenCalledWith('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('follows the parent when it clears the value', async () => {
    const user = userEvent.setup();
    function Clearing() {
      const [code, setCode] = useState('123');
      return (
        <>
          <CodeEntry value={code} onChange={setCode} />
          <button type="button" onClick={() => setCode('')}>
            Clear
          </button>
        </>
      );
    }
    renderWithProviders(<Clearing />);
    expect(slotValues()).toEqual(['1', '2', '3', '', '', '']);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(slotValues()).toEqual(['', '', '', '', '', '']);
  });

  it('links the error message to every slot', () => {
    renderWithProviders(
      <CodeEntry value="" onChange={() => undefined} error="OTP code must be exactly 6 digits" />,
    );
    expect(slot(1)).toHaveAccessibleDescription('OTP code must be exactly 6 digits');
    expect(slot(6)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('CodeEntry on phones', () => {
  it('fills every slot from a one-time-code autofill into the first slot', () => {
    const onComplete = jest.fn();
    renderWithProviders(<Harness onComplete={onComplete} />);
    fireEvent.change(slot(1), { target: { value: '654321' } });
    expect(slotValues()).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(onComplete).toHaveBeenCalledWith('654321');
  });

  it('replaces a digit typed beside an existing one (no keydown key on phone keyboards)', () => {
    renderWithProviders(<Harness initial="12" />);
    fireEvent.change(slot(1), { target: { value: '17' } });
    expect(slotValues()).toEqual(['7', '2', '', '', '', '']);
    fireEvent.change(slot(2), { target: { value: '' } });
    expect(slotValues()).toEqual(['7', '', '', '', '', '']);
  });
});
