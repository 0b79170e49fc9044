import { describe, expect, it } from 'vitest';
import { renderMail } from './templates';

/** The elements of an email's HTML with their attributes, as a mail client would parse them (enough for these checks). */
const elements = (html: string) => [...html.matchAll(/<([a-z]+)\b([^>]*)>/g)].map((match) => `${match[1]} ${match[2]!.trim()}`.trim());
const anchors = (html: string) =>
  elements(html)
    .filter((element) => element.startsWith('a '))
    .map((element) => element.slice(2));

describe("an email's HTML", () => {
  const hostile = 'Hola, vea https://evil.example/x" onmouseover="alert(1) y también https://ok.example/a?b=1&c=2\'style=\'x y <img src=x onerror=alert(2)>';

  it('escapes quotes and angle brackets from a customer, and a link ends where a quote or bracket begins', () => {
    const { html, text } = renderMail('supportTicket', 'es', {
      kind: 'ticket',
      name: 'Ana "la jefa" O\'Neil',
      email: 'ana@example.com',
      message: hostile,
      language: 'es',
      ticketsUrl: 'https://frontera.example/admin/tickets',
    });
    // the text part is the customer's text as written
    expect(text).toContain(hostile);
    // no attribute or element of theirs survives into the HTML: only ours, and the links' href
    expect(new Set(elements(html).map((element) => element.replace(/^a href="[^"]*"$/, 'a href')))).toEqual(
      new Set(['html lang="es"', 'body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f1f35"', 'p', 'br', 'a href']),
    );
    expect(html).toContain('&quot;la jefa&quot; O&#39;Neil');
    expect(anchors(html)).toEqual([
      'href="https://evil.example/x"',
      'href="https://ok.example/a?b=1&amp;c=2"',
      'href="https://frontera.example/admin/tickets"',
    ]);
  });

  it("links an address in the team's reply the same way, in the customer's language", () => {
    const { html } = renderMail('ticketReply', 'en', { firstName: 'Ana', reply: 'See <https://frontera.example/help>.', request: '"quoted"' });
    expect(anchors(html)).toEqual(['href="https://frontera.example/help"']);
    expect(html).toContain('&lt;<a href="https://frontera.example/help">https://frontera.example/help</a>&gt;');
    expect(html).toContain('&quot;quoted&quot;');
  });
});
