import { containsHtmlTag } from './html';

test.each([
  '<b>bold</b>', '</div>', '<br/>', '<br />', '<img src=x onerror=alert(1)>', '<script>alert(1)</script>',
  'text <a href="https://x.y">link</a>', '<!-- comment -->', '<!DOCTYPE html>', '<P>', '<x-widget>',
])('%j has a tag', (text) => expect(containsHtmlTag(text)).toBe(true));

test.each([
  '', 'plain text', 'a < b and b > c', '2<3', 'I <3 you', '5 > 4', '<>', '< b>', 'email <ann@example.com', 'Ann <ann@example.com>', '<https://example.com>', 'x << y',
])('%j has none', (text) => expect(containsHtmlTag(text)).toBe(false));
