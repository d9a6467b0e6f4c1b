import type { Language } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { composeMail } from './compose.ts';

describe('composeMail', () => {
  const link = 'https://vigil.example.test/reset-password/a%40b.test?token=x&next=%2Fhome';

  it('sends the translated text as it is, and its HTML twin in one layout with the link clickable', () => {
    const mail = composeMail({
      to: 'a@b.test',
      language: 'en',
      subject: 'mail.reset.subject',
      text: 'mail.reset.text',
      params: { name: 'Ada', link },
      validFor: { minutes: 30 },
    });
    expect(mail.subject).toBe('Reset your Vigil password');
    expect(mail.text).toBe(
      `Hello Ada,\n\nOpen this link to choose a new password:\n\n${link}\n\nThe link works once and expires in 30 minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
    );
    const escapedLink = 'https://vigil.example.test/reset-password/a%40b.test?token=x&amp;next=%2Fhome';
    expect(mail.html).toBe(
      [
        '<!DOCTYPE html>',
        '<html lang="en" dir="ltr">',
        '<head><meta charset="utf-8"></head>',
        '<body>',
        '<p>Hello Ada,</p>',
        '<p>Open this link to choose a new password:</p>',
        `<p><a href="${escapedLink}">${escapedLink}</a></p>`,
        '<p>The link works once and expires in 30 minutes. If you did not ask for it, ignore this mail: your password stays as it is.</p>',
        '</body>',
        '</html>',
      ].join('\n'),
    );
  });

  it('escapes hostile names once: markup shows as text, entities are not escaped twice, the text keeps them as typed', () => {
    const hostile = `<img src=x onerror="alert(1)"> Tom & Jerry's &amp;`;
    const mail = composeMail({
      to: 'a@b.test',
      language: 'en',
      subject: 'mail.invite.subject',
      text: 'mail.invite.text',
      params: { name: hostile, inviter: '<b>Eve</b>', workspace: 'R&D "North"', link },
      validFor: { hours: 72 },
    });
    expect(mail.text).toContain(`Hello ${hostile},`);
    expect(mail.subject).toBe('<b>Eve</b> invited you to R&D "North" on Vigil');
    expect(mail.html).toContain('<p>Hello &lt;img src=x onerror=&quot;alert(1)&quot;&gt; Tom &amp; Jerry&#39;s &amp;amp;,</p>');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt; invited you to join the workspace R&amp;D &quot;North&quot; on Vigil.');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>');
    for (const twice of ['&amp;lt;', '&amp;gt;', '&amp;quot;', '&amp;#39;']) expect(mail.html).not.toContain(twice);
  });

  it('sets a code apart and writes right-to-left languages right to left', () => {
    const mail = composeMail({
      to: 'a@b.test',
      language: 'ar',
      subject: 'mail.two_factor.subject',
      text: 'mail.two_factor.text',
      params: { name: 'Ada', code: '123456' },
      validFor: { minutes: 10 },
    });
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('<p><strong>123456</strong></p>');
    expect(mail.text).toContain('\n\n123456\n\n');
    expect(mail.text).toContain('خلال 10 دقائق');
  });

  it.each<[Language, { minutes: number } | { hours: number }, string]>([
    ['en', { hours: 1 }, 'The link is valid for 1 hour.'],
    ['en', { hours: 72 }, 'The link is valid for 72 hours.'],
    ['de', { hours: 1 }, 'Der Link ist 1 Stunde gültig.'],
    ['fr', { hours: 48 }, 'Le lien est valable 48 heures.'],
    ['ar', { hours: 2 }, 'الرابط صالح لمدة ساعتين.'],
    ['ar', { hours: 72 }, 'الرابط صالح لمدة 72 ساعة.'],
  ])('says in %s how long the link works, in the plural form of its number (%o)', (language, validFor, sentence) => {
    const mail = composeMail({
      to: 'a@b.test',
      language,
      subject: 'mail.invite.subject',
      text: 'mail.invite.text',
      params: { name: 'Ada', inviter: 'Eve', workspace: 'Ops', link },
      validFor,
    });
    expect(mail.text).toContain(sentence);
  });
});
