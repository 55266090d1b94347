/** Escapes text for HTML element content and double-quoted attributes. */
export const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export interface MailLayout {
  /** Shown above the content, e.g. the merchant's business name. */
  readonly brand: string;
  /** Paragraphs of plain text (escaped here). */
  readonly paragraphs: readonly string[];
  /** The call to action, as a button; its URL is repeated as text for clients that hide buttons. */
  readonly action?: { readonly label: string; readonly url: string } | undefined;
  /** Small print under the action (e.g. how long the link works). */
  readonly footnote?: string | undefined;
}

/** The plain-text part: the same paragraphs, the action as `Label: url`. */
export const textPart = (layout: MailLayout): string =>
  [
    ...layout.paragraphs.flatMap((p) => [p, '']),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ''] : []),
    ...(layout.footnote ? [layout.footnote, ''] : []),
    `— ${layout.brand}`,
  ].join('\n');

/** The HTML part: one column, inline styles (mail clients drop style sheets), readable without images. */
export const htmlPart = (layout: MailLayout, title: string): string => {
  const paragraphs = layout.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n');
  const action = layout.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(layout.action.url)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(layout.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#4b5563">Or open this address: <a href="${escapeHtml(layout.action.url)}" style="color:#1d4ed8">${escapeHtml(layout.action.url)}</a></p>`
    : '';
  const footnote = layout.footnote ? `<p style="margin:16px 0 0;font-size:13px;color:#4b5563">${escapeHtml(layout.footnote)}</p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111827;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-weight:600;font-size:18px">${escapeHtml(layout.brand)}</p>
${paragraphs}
${action}
${footnote}
</div>
</body></html>`;
};

/** A message's subject with its two parts, the plain text and the HTML of the same layout. */
export const mailParts = (subject: string, layout: MailLayout): { subject: string; text: string; html: string } => ({
  subject,
  text: textPart(layout),
  html: htmlPart(layout, subject),
});
