import { RTL_LANGUAGES, type Language } from '@vigil/contracts';
import { translator, type MessageKey, type Translate } from '../i18n/index.ts';
import type { OutgoingMail } from './outbox.ts';

export interface MailMessage {
  to: string;
  language: Language;
  subject: MessageKey;
  /** Plain text, paragraphs separated by a blank line. */
  text: MessageKey;
  /** The messages' parameters, as given by the caller: the HTML escapes them here, once. `link` is
   * made clickable and a paragraph holding only `code` is set apart. */
  params?: Record<string, string | number>;
  /** How long the mail's link or code works; the text reads it as `{{duration}}` ("48 hours", "ساعتين"). */
  validFor?: { minutes: number } | { hours: number };
}

/**
 * Every mail the server sends: the plain text in the recipient's language and its HTML twin
 * (one layout, the text's paragraphs escaped once, its link clickable and its code set apart).
 */
export function composeMail(message: MailMessage): OutgoingMail {
  const t = translator(message.language);
  const params = { ...message.params, ...(message.validFor ? { duration: duration(t, message.validFor) } : {}) };
  const text = t(message.text, params);
  const paragraphs = text.split(/\n{2,}/).map((paragraph) => htmlParagraph(paragraph, params));
  const direction = RTL_LANGUAGES.includes(message.language) ? 'rtl' : 'ltr';
  const html = [
    '<!DOCTYPE html>',
    `<html lang="${message.language}" dir="${direction}">`,
    '<head><meta charset="utf-8"></head>',
    '<body>',
    ...paragraphs,
    '</body>',
    '</html>',
  ].join('\n');
  return { to: message.to, subject: t(message.subject, params), text, html };
}

function duration(t: Translate, validFor: NonNullable<MailMessage['validFor']>): string {
  return 'minutes' in validFor ? t('duration.minutes', { count: validFor.minutes }) : t('duration.hours', { count: validFor.hours });
}

function htmlParagraph(paragraph: string, params: Record<string, string | number>): string {
  const escaped = escapeHtml(paragraph).replace(/\n/g, '<br>');
  if (params.code !== undefined && paragraph.trim() === String(params.code)) return `<p><strong>${escaped}</strong></p>`;
  if (params.link === undefined) return `<p>${escaped}</p>`;
  const link = escapeHtml(String(params.link));
  return `<p>${escaped.split(link).join(`<a href="${link}">${link}</a>`)}</p>`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
