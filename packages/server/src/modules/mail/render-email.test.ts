import { describe, expect, it } from 'vitest';
import { renderEmail } from './render-email.ts';

const HOSTILE = 'Evil [click](https://evil.example) ![](https://t.example/p.gif) **loud** <img src=x> a&b';

describe('renderEmail', () => {
  it('converts the template’s own Markdown and prints merge values as text in both parts', async () => {
    const email = await renderEmail(
      {
        subject: 'Welcome to {{ vendor.name }}',
        body: 'Hi {{ name }},\n\njoin **{{ vendor.name }}**: [Accept]({{ link }})',
      },
      { name: HOSTILE, vendor: { name: HOSTILE }, link: 'https://automate.test/join?a=1&b=2' },
    );
    expect(email.subject).toBe(`Welcome to ${HOSTILE}`);
    expect(email.text).toBe(`Hi ${HOSTILE},\n\njoin **${HOSTILE}**: [Accept](https://automate.test/join?a=1&b=2)`);
    const shown = 'Evil [click](https://evil.example) ![](https://t.example/p.gif) **loud** &lt;img src=x&gt; a&amp;b';
    expect(email.html).toContain(`<p>Hi ${shown},</p>`);
    expect(email.html).toContain(`join <strong>${shown}</strong>: `);
    expect(email.html).toContain('<a href="https://automate.test/join?a=1&amp;b=2">Accept</a>');
    expect(email.html).not.toContain('href="https://evil.example"');
    expect(email.html).not.toContain('<img');
    expect(email.html).not.toContain('<em>');
  });

  it('does not turn an address or a URL in a value into a link', async () => {
    const email = await renderEmail(
      { subject: 'x', body: 'Staff {{ staff }} of {{ account }}' },
      { staff: 'mallory@evil.example', account: 'https://evil.example www.evil.example' },
    );
    expect(email.html).toContain('<p>Staff mallory@evil.example of https://evil.example www.evil.example</p>');
  });

  it('keeps values as text through captures, filters, loops and lists', async () => {
    const email = await renderEmail(
      {
        subject: 'x',
        body: '{% capture who %}{{ first }} {{ last }}{% endcapture %}{{ who | upcase }}\n{% for item in items %}\n- {{ item }}{% endfor %}',
      },
      { first: '_Ann_', last: '[Lee](https://evil.example)', items: ['# one', '[two](https://evil.example)', null] },
    );
    expect(email.html).toContain('<p>_ANN_ [LEE](HTTPS://EVIL.EXAMPLE)</p>');
    expect(email.html).toContain('<li># one</li>');
    expect(email.html).toContain('<li>[two](https://evil.example)</li>');
    expect(email.html).not.toContain('<a ');
  });
});
