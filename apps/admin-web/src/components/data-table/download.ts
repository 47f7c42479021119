/** Hands a text file to the browser as a download: a Blob behind an anchor with `download`. */
export function downloadTextFile(fileName: string, content: string, type = 'text/csv;charset=utf-8'): void {
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  const blob = new Blob(['\uFEFF', content], { type });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
    // Revoked on the next turn: some browsers start reading the Blob only after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
