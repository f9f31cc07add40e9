// The name a download is offered under, for every response that sends a file (Content-Disposition). A stored
// filename is the client's text and is shown as stored in JSON; the header is what a browser or mail client turns
// into a file on disk, so it carries only what renders as itself: no bidirectional controls (a right-to-left
// override turns "rechnung\u202Efdp.exe" into "rechnungexe.pdf" on screen), no other invisible format characters,
// no control characters, line or paragraph separators, and no path separators. docs/api/attachments.md.

/**
 * Characters a download name drops: controls (C0, DEL, C1), format characters (bidi embeddings, overrides and
 * isolates, the marks LRM/RLM/ALM, zero-width spaces, BOM, soft hyphen …) except ZWNJ/ZWJ, which scripts and emoji
 * need, and line/paragraph separators.
 */
const INVISIBLE = /[\p{Cc}\p{Zl}\p{Zp}]|(?![\u200c\u200d])\p{Cf}/gu;

/** The file name as a download offers it: invisible and control characters removed, path separators replaced. */
export function downloadName(filename: string, fallback = 'download'): string {
  const name = filename.replace(INVISIBLE, '').replace(/[/\\]/g, '_').trim();
  return name === '' || /^\.+$/.test(name) ? fallback : name;
}

/** RFC 6266 Content-Disposition of a download: an ASCII fallback and the UTF-8 name, both from downloadName. */
export function contentDisposition(filename: string): string {
  const name = downloadName(filename);
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
