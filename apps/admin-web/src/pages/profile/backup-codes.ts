/** The backup codes as a text file the operator downloads once, right after enabling 2FA. */

export const BACKUP_CODES_FILE_NAME = 'tunnelscope-backup-codes.txt';

export function backupCodesText(
  codes: readonly string[],
  opts: { brand: string; username: string; date: Date },
): string {
  return [
    `${opts.brand} admin backup codes for ${opts.username}`,
    `Generated ${opts.date.toISOString()}`,
    '',
    'Each code signs you in once in place of an authenticator code.',
    'Keep them somewhere safe; they are not shown again.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** Saves `text` as a file through a temporary object URL and link click. */
export function downloadTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start the download only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
