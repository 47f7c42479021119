import { notifications } from '@mantine/notifications';
import { UI_TIMINGS } from '@tunnelscope/contracts';

export type ToastKind = 'success' | 'error' | 'info';
const COLORS: Record<ToastKind, string> = { success: 'teal', error: 'red', info: 'blue' };

/** One toast at a time (public §8): a new one replaces whatever is showing. */
export function toast(title: string, message?: string, kind: ToastKind = 'info'): void {
  notifications.clean();
  notifications.show({
    title,
    message: message ?? '',
    color: COLORS[kind],
    autoClose: UI_TIMINGS.toastDurationMs,
    withBorder: true,
  });
}
