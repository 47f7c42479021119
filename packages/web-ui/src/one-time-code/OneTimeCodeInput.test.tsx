import { jest } from '@jest/globals';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { digitsOnly, OneTimeCodeInput } from './OneTimeCodeInput.js';

const renderInMantine = (ui: ReactElement) => render(<MantineProvider>{ui}</MantineProvider>);

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
      <OneTimeCodeInput value={code} onChange={setCode} onComplete={onComplete} length={length} />
      <output data-testid="value">{code}</output>
    </>
  );
}

const box = (n: number, of = 6) => screen.getByRole('textbox', { name: `Digit ${n} of ${of}` });
const boxValues = () => screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value);
const value = () => screen.getByTestId('value').textContent;

describe('OneTimeCodeInput', () => {
  it('renders six labelled numeric boxes in a group named Verification code, one-time-code on the first', () => {
    renderInMantine(<Harness />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(box(2)).toHaveAttribute('autocomplete', 'off');
    for (const input of screen.getAllByRole('textbox')) expect(input).toHaveAttribute('inputmode', 'numeric');
  });

  it('names the group after a custom label', () => {
    renderInMantine(<OneTimeCodeInput value="" onChange={() => undefined} label="Authenticator code" />);
    expect(screen.getByRole('group', { name: 'Authenticator code' })).toBeInTheDocument();
  });

  it('takes digits only, one per box, and moves focus on after each digit', async () => {
    const user = userEvent.setup();
    renderInMantine(<Harness />);
    await user.click(box(1));
    await user.keyboard('a');
    expect(box(1)).toHaveValue('');
    expect(box(1)).toHaveFocus();
    await user.keyboard('4');
    expect(box(2)).toHaveFocus();
    await user.keyboard('x-2');
    expect(boxValues()).toEqual(['4', '2', '', '', '', '']);
    expect(box(3)).toHaveFocus();
    expect(value()).toBe('42');
  });

  it('Backspace clears the current box, then moves back and clears the previous one', async () => {
    const user = userEvent.setup();
    renderInMantine(<Harness initial="123" />);
    await user.click(box(3));
    await user.keyboard('{Backspace}');
    expect(boxValues()).toEqual(['1', '2', '', '', '', '']);
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(boxValues()).toEqual(['1', '', '', '', '', '']);
    expect(box(2)).toHaveFocus();
    expect(value()).toBe('1');
  });

  it('arrow keys move between boxes without changing them', async () => {
    const user = userEvent.setup();
    renderInMantine(<Harness initial="12" />);
    await user.click(box(1));
    await user.keyboard('{ArrowRight}');
    expect(box(2)).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowLeft}');
    expect(box(3)).toHaveFocus();
    expect(value()).toBe('12');
  });

  it('Home and End move to the first and last box; Delete takes out the current digit', async () => {
    const user = userEvent.setup();
    renderInMantine(<Harness initial="123" />);
    await user.click(box(2));
    await user.keyboard('{End}');
    expect(box(6)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(box(1)).toHaveFocus();
    await user.keyboard('{Delete}');
    expect(value()).toBe('23');
    expect(box(1)).toHaveFocus();
  });

  it('a paste anywhere strips non-digits, truncates to six and fills from the first box', async () => {
    const onComplete = jest.fn();
    const user = userEvent.setup();
    renderInMantine(<Harness onComplete={onComplete} />);
    await user.click(box(4));
    await user.paste('Code: 12-34 56 789');
    expect(boxValues()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(value()).toBe('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('truncates a paste to a custom length', async () => {
    const user = userEvent.setup();
    renderInMantine(<Harness length={4} />);
    await user.click(box(1, 4));
    await user.paste('987654');
    expect(boxValues()).toEqual(['9', '8', '7', '6']);
  });

  it('a short paste fills the first boxes and focuses the next empty one', async () => {
    const user = userEvent.setup();
    renderInMantine(<Harness />);
    await user.click(box(5));
    await user.paste('9 8');
    expect(boxValues()).toEqual(['9', '8', '', '', '', '']);
    expect(box(3)).toHaveFocus();
  });

  it('calls onComplete when the sixth digit is typed, and not before', async () => {
    const onComplete = jest.fn();
    const user = userEvent.setup();
    renderInMantine(<Harness onComplete={onComplete} />);
    await user.click(box(1));
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
          <OneTimeCodeInput value={code} onChange={setCode} />
          <button type="button" onClick={() => setCode('')}>
            Clear
          </button>
        </>
      );
    }
    renderInMantine(<Clearing />);
    expect(boxValues()).toEqual(['1', '2', '3', '', '', '']);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(boxValues()).toEqual(['', '', '', '', '', '']);
  });

  it('focuses the first empty box on mount with autoFocus', () => {
    renderInMantine(<OneTimeCodeInput value="12" onChange={() => undefined} autoFocus />);
    expect(box(3)).toHaveFocus();
  });

  it('disables every box', () => {
    renderInMantine(<OneTimeCodeInput value="" onChange={() => undefined} disabled />);
    for (const input of screen.getAllByRole('textbox')) expect(input).toBeDisabled();
  });

  it('links the error message to every box', () => {
    renderInMantine(
      <OneTimeCodeInput value="" onChange={() => undefined} error="OTP code must be exactly 6 digits" />,
    );
    expect(box(1)).toHaveAccessibleDescription('OTP code must be exactly 6 digits');
    expect(box(6)).toHaveAttribute('aria-invalid', 'true');
  });

  it('digitsOnly keeps ASCII digits', () => {
    expect(digitsOnly(' 12a-3 4٥')).toBe('1234');
  });
});

describe('OneTimeCodeInput on phones', () => {
  it('fills every box from a one-time-code autofill into the first box', () => {
    const onComplete = jest.fn();
    renderInMantine(<Harness onComplete={onComplete} />);
    fireEvent.change(box(1), { target: { value: '654321' } });
    expect(boxValues()).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(onComplete).toHaveBeenCalledWith('654321');
  });

  it('replaces a digit typed beside an existing one (no keydown key on phone keyboards)', () => {
    renderInMantine(<Harness initial="12" />);
    fireEvent.change(box(1), { target: { value: '17' } });
    expect(boxValues()).toEqual(['7', '2', '', '', '', '']);
    fireEvent.change(box(2), { target: { value: '' } });
    expect(boxValues()).toEqual(['7', '', '', '', '', '']);
  });
});
