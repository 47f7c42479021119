import { notifications } from '@mantine/notifications';

/** The panel's toasts: red for failures, teal for success, blue for notes. */
export function notifyError(title: string | undefined, message: string): void {
  notifications.show({ color: 'red', title, message, autoClose: 8000 });
}

export function notifySuccess(title: string | undefined, message: string): void {
  notifications.show({ color: 'teal', title, message });
}

export function notifyInfo(message: string): void {
  notifications.show({ color: 'blue', message });
}
