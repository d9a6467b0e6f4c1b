import type { OutgoingMail } from '../../platform/mail/outbox.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain-text mail and its HTML twin: paragraphs, with the link made clickable. */
export function composeMail(to: string, subject: string, text: string, link: string): OutgoingMail {
  const html = text
    .split(/\n{2,}/)
    .map((paragraph) => {
      const escaped = escapeHtml(paragraph).replace(/\n/g, '<br>');
      const escapedLink = escapeHtml(link);
      return `<p>${escaped.split(escapedLink).join(`<a href="${escapedLink}">${escapedLink}</a>`)}</p>`;
    })
    .join('\n');
  return { to, subject, text, html };
}
