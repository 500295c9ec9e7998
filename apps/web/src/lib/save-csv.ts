/**
 * Hands a CSV read through the API to the browser as a download. The back office's and the
 * console's files need the panel's token, so a plain link cannot fetch them: they are read as
 * text, which drops the byte-order mark Excel needs to see UTF-8, so it is put back here.
 */
export function saveCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after the click returns: let it go a while later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
