import { html, safeHref, type HtmlValue, type SafeHtml } from './html.js';

/** What every template may say about the product; it comes from configuration. */
export interface MailBrand {
  brandName: string;
  publicSiteUrl: string;
  supportEmail: string;
  salesEmail: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

// Inline styles only: most mail clients drop <style> blocks and every external stylesheet.
// Font names unquoted: the values go through the escaper, and unquoted names are valid CSS.
const FONT = 'font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;';
const INK = '#1a2233';
const MUTED = '#5b6478';
const LINE = '#e3e6ec';
const ACCENT = '#2f5bea';

export const style = {
  p: `margin:0 0 16px;${FONT}font-size:15px;line-height:1.55;color:${INK};`,
  small: `margin:0 0 12px;${FONT}font-size:13px;line-height:1.5;color:${MUTED};`,
  link: `color:${ACCENT};text-decoration:underline;`,
  mono: 'font-family:SFMono-Regular,Menlo,Consolas,Liberation Mono,monospace;',
};

export function paragraph(content: HtmlValue): SafeHtml {
  return html`<p style="${style.p}">${content}</p>`;
}

export function note(content: HtmlValue): SafeHtml {
  return html`<p style="${style.small}">${content}</p>`;
}

export function link(url: string, label?: string): SafeHtml {
  const href = safeHref(url);
  if (!href) return html`${label ?? url}`;
  return html`<a href="${href}" style="${style.link}">${label ?? url}</a>`;
}

export function mailto(address: string): SafeHtml {
  return html`<a href="mailto:${address}" style="${style.link}">${address}</a>`;
}

/** A value the reader has to type or copy (a code, a password): large, monospaced, boxed. */
export function codeBox(value: string, label: string): SafeHtml {
  return html`<table
    role="presentation"
    cellpadding="0"
    cellspacing="0"
    border="0"
    style="margin:4px 0 20px;"
  >
    <tr>
      <td
        style="padding:14px 22px;background:#f2f5ff;border:1px solid #c9d5fb;border-radius:8px;${style.mono}font-size:28px;font-weight:bold;letter-spacing:4px;color:${INK};"
        aria-label="${label}"
      >
        ${value}
      </td>
    </tr>
  </table>`;
}

/** Label and value rows, for details a reader scans (request number, contact fields). */
export function detailsTable(rows: ReadonlyArray<readonly [string, HtmlValue]>): SafeHtml {
  return html`<table
    role="presentation"
    cellpadding="0"
    cellspacing="0"
    border="0"
    width="100%"
    style="margin:0 0 20px;border-collapse:collapse;"
  >
    ${rows.map(
      ([label, value]) =>
        html`<tr>
          <td
            style="padding:8px 12px 8px 0;border-bottom:1px solid ${LINE};${FONT}font-size:13px;color:${MUTED};white-space:nowrap;vertical-align:top;width:1%;"
          >
            ${label}
          </td>
          <td
            style="padding:8px 0;border-bottom:1px solid ${LINE};${FONT}font-size:15px;color:${INK};word-break:break-word;"
          >
            ${value}
          </td>
        </tr> `,
    )}
  </table>`;
}

/** Free text from a person; line breaks become <br> (Outlook ignores white-space:pre-wrap). */
export function quote(text: string): SafeHtml {
  const lines = text.split(/\r\n|\r|\n/);
  return html`<div
    style="margin:0 0 20px;padding:14px 16px;background:#f7f8fa;border-left:3px solid ${ACCENT};${FONT}font-size:15px;line-height:1.55;color:${INK};word-break:break-word;"
  >
    ${lines.map((line, i) => (i === 0 ? line : [html`<br />`, line]))}
  </div>`;
}

export interface LayoutInput {
  brand: MailBrand;
  subject: string;
  /** Shown by most clients next to the subject in the inbox list. */
  preheader: string;
  body: SafeHtml;
  /** Plain-text body; the layout adds the same footer as the HTML part. */
  text: string;
}

/** Wraps a body in the shared frame: a 560 px card with the brand on top and a footer. */
export function layout({ brand, subject, preheader, body, text }: LayoutInput): RenderedMail {
  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>${subject}</title>
      </head>
      <body style="margin:0;padding:0;background:#f4f5f7;">
        <div style="display:none;max-height:0;overflow:hidden;opacity:0;">${preheader}</div>
        <table
          role="presentation"
          width="100%"
          cellpadding="0"
          cellspacing="0"
          border="0"
          style="background:#f4f5f7;"
        >
          <tr>
            <td align="center" style="padding:24px 12px;">
              <table
                role="presentation"
                width="100%"
                cellpadding="0"
                cellspacing="0"
                border="0"
                style="max-width:560px;background:#ffffff;border:1px solid ${LINE};border-radius:8px;"
              >
                <tr>
                  <td
                    style="padding:20px 28px;border-bottom:1px solid ${LINE};${FONT}font-size:19px;font-weight:bold;color:${INK};"
                  >
                    ${brand.brandName}
                  </td>
                </tr>
                <tr>
                  <td style="padding:28px 28px 12px;">${body}</td>
                </tr>
                <tr>
                  <td style="padding:16px 28px 20px;border-top:1px solid ${LINE};">
                    <p style="${style.small}margin:0;">
                      ${brand.brandName} · ${link(brand.publicSiteUrl)}<br />Questions? Write to
                      ${mailto(brand.supportEmail)}.
                    </p>
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html> `;
  const footer = `-- \n${brand.brandName} · ${brand.publicSiteUrl}\nQuestions? Write to ${brand.supportEmail}.\n`;
  return { subject, text: `${text.trimEnd()}\n\n${footer}`, html: page.value };
}

export function minutes(n: number): string {
  return n === 1 ? '1 minute' : `${n} minutes`;
}
