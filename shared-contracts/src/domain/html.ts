/**
 * Detects HTML tags in text. Matches an opening, closing or self-closing
 * tag (`<b>`, `</div>`, `<img src=x>`), a comment or a doctype. Not tags: a lone `<` as in
 * `a < b` or `<3`, and an address in angle brackets (`Ann <ann@example.com>`).
 */
const HTML_TAG = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>|<!--|<!doctype/i;

export const containsHtmlTag = (text: string): boolean => HTML_TAG.test(text);

export const HTML_NOT_ALLOWED_TEXT = 'HTML tags are not allowed';
