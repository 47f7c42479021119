import { jest } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { setupUser } from '../../auth/testing.js';
import { renderWithProviders } from '../../test/render.js';
import { digitsOnly, OneTimeCodeInput } from './OneTimeCodeInput.js';

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
  it('renders six numeric boxes in a group named Verification code', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
    for (const input of screen.getAllByRole('textbox')) expect(input).toHaveAttribute('inputmode', 'numeric');
  });

  it('takes digits only, one per box, and moves focus on after each digit', async () => {
    const user = setupUser();
    renderWithProviders(<Harness />);
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
    const user = setupUser();
    renderWithProviders(<Harness initial="123" />);
    await user.click(box(3));
    await user.keyboard('{Backspace}');
    expect(boxValues()).toEqual(['1', '2', '', '', '', '']);
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(boxValues()).toEqual(['1', '', '', '', '', '']);
    expect(box(2)).toHaveFocus();
    expect(value()).toBe('1');
  });

  it('a paste strips non-digits, truncates to six and fills from the first box', async () => {
    const onComplete = jest.fn();
    const user = setupUser();
    renderWithProviders(<Harness onComplete={onComplete} />);
    await user.click(box(4));
    await user.paste('Code: 12-34 56 789');
    expect(boxValues()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(value()).toBe('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('truncates a paste to a custom length', async () => {
    const user = setupUser();
    renderWithProviders(<Harness length={4} />);
    await user.click(box(1, 4));
    await user.paste('987654');
    expect(boxValues()).toEqual(['9', '8', '7', '6']);
  });

  it('a short paste fills the first boxes and focuses the next empty one', async () => {
    const user = setupUser();
    renderWithProviders(<Harness />);
    await user.click(box(5));
    await user.paste('9 8');
    expect(boxValues()).toEqual(['9', '8', '', '', '', '']);
    expect(box(3)).toHaveFocus();
  });

  it('calls onComplete when the sixth digit is typed, and not before', async () => {
    const onComplete = jest.fn();
    const user = setupUser();
    renderWithProviders(<Harness onComplete={onComplete} />);
    await user.click(box(1));
    await user.keyboard('12345');
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('6');
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('fills every box from a one-time-code autofill into the first one', () => {
    renderWithProviders(<Harness />);
    fireEvent.change(box(1), { target: { value: '654321' } });
    expect(boxValues()).toEqual(['6', '5', '4', '3', '2', '1']);
  });

  it('links the error message to every box', () => {
    renderWithProviders(
      <OneTimeCodeInput
        value=""
        onChange={() => undefined}
        error="Please enter a 6-digit verification code"
      />,
    );
    expect(box(1)).toHaveAccessibleDescription('Please enter a 6-digit verification code');
    expect(box(6)).toHaveAttribute('aria-invalid', 'true');
  });

  it('digitsOnly keeps ASCII digits', () => {
    expect(digitsOnly(' 12a-3 4٥')).toBe('1234');
  });
});
