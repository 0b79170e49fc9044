/**
 * Characters that change how a name reads without showing: bidirectional embeddings, overrides,
 * isolates and marks (U+202E turns `invoice\u202Efdp.exe` into `invoiceexe.pdf` on screen), and
 * the line and paragraph separators.
 */
const invisibleFormatting = /[\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
/** C0 controls, DEL and C1 controls. */
const controls = /\p{Cc}/gu;

/**
 * The name of an uploaded file as we store and show it: its last path segment, without control
 * or bidirectional formatting characters, quotes or backslashes (it goes into a
 * Content-Disposition header too), trimmed to 150 characters. Empty when nothing is left.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).at(-1) ?? '';
  return [...base.replace(controls, '').replace(invisibleFormatting, '').replace(/"/g, '')].slice(0, 150).join('').trim();
}

/**
 * `name` ending in `extension`, the one of the type its content was found to be: a PDF sent as
 * `invoice.html` is kept as `invoice.pdf`, so no one opens it with the program its old name says.
 * `aliases` are spellings of the same type (`jpeg` for `jpg`), kept as they were.
 */
export function withTypeExtension(name: string, extension: string, aliases: readonly string[] = []): string {
  const dot = name.lastIndexOf('.');
  // an extension is a short run of letters and digits after the last dot: "10.42.17 AM" has none
  const hasExtension = dot > 0 && /^[a-z0-9]{1,5}$/i.test(name.slice(dot + 1));
  const current = hasExtension ? name.slice(dot + 1).toLowerCase() : '';
  if (current === extension || aliases.includes(current)) return name;
  const stem = (hasExtension ? name.slice(0, dot) : name).trim() || 'file';
  return `${[...stem].slice(0, 150 - extension.length - 1).join('')}.${extension}`;
}
