import { jest } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { renderWithProviders, setupUser } from '../../test/render.js';
import { ResendCode, type ResendOutcome } from './ResendCode.js';

const link = () => screen.getByRole('button', { name: 'Resend code' });
const countdown = () => screen.getByTestId('resend-cooldown');

describe('ResendCode', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('counts the cooldown down visibly, then offers the link', () => {
    renderWithProviders(<ResendCode onResend={async () => ({ ok: true })} cooldownSeconds={3} />);
    expect(countdown()).toHaveTextContent('You can resend the code in 3 s.');
    expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(countdown()).toHaveTextContent('in 2 s.');
    act(() => jest.advanceTimersByTime(2000));
    expect(link()).toBeInTheDocument();
  });

  it('resends on click and waits the cooldown again', async () => {
    const onResend = jest.fn(async (): Promise<ResendOutcome> => ({ ok: true }));
    const user = setupUser({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<ResendCode onResend={onResend} cooldownSeconds={2} />);
    act(() => jest.advanceTimersByTime(2000));
    await user.click(link());
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(await screen.findByTestId('resend-cooldown')).toHaveTextContent('in 2 s.');
  });

  it('waits as long as the server asked when it refused, and not at all after a plain failure', async () => {
    const outcomes: ResendOutcome[] = [{ ok: false }, { ok: false, retryAfterSeconds: 300 }];
    const onResend = jest.fn(async () => outcomes.shift()!);
    const user = setupUser({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<ResendCode onResend={onResend} cooldownSeconds={1} />);
    act(() => jest.advanceTimersByTime(1000));
    await user.click(link());
    // A failure that names no wait (e.g. the network) leaves the link ready for another try.
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByTestId('resend-cooldown')).toHaveTextContent('in 5:00.');
  });

  it('does nothing while the step is verifying', async () => {
    const onResend = jest.fn(async (): Promise<ResendOutcome> => ({ ok: true }));
    const user = setupUser({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<ResendCode onResend={onResend} cooldownSeconds={0} disabled />);
    expect(link()).toHaveAttribute('aria-disabled', 'true');
    await user.click(link());
    expect(onResend).not.toHaveBeenCalled();
  });
});
