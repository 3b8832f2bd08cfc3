import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { TextDecoder, TextEncoder } from 'node:util';

// What jsdom lacks and react-router 7 or antd read.
const g = globalThis as Record<string, unknown>;
// react-router 7 reads TextEncoder when it loads.
if (!g.TextEncoder) Object.assign(g, { TextEncoder, TextDecoder });

// antd's Select closes its dropdown a macrotask later through MessageChannel; a timeout is
// the same kind of task (and follows jest's fake timers).
if (!g.MessageChannel) {
  type Port = { onmessage: ((event: { data: unknown }) => void) | null; postMessage: (data: unknown) => void };
  const port = (peer: () => Port): Port => ({
    onmessage: null,
    postMessage: (data) => setTimeout(() => peer().onmessage?.({ data }), 0),
  });
  g.MessageChannel = class {
    readonly port1: Port = port(() => this.port2);
    readonly port2: Port = port(() => this.port1);
  };
}

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false, media: query, onchange: null,
      addListener: () => {}, removeListener: () => {},
      addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
    }),
  });
}
if (!('ResizeObserver' in window)) {
  class ResizeObserver { observe() {} unobserve() {} disconnect() {} }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserver });
}

// jsdom does not implement getComputedStyle for pseudo-elements and logs an error each time
// antd's table measures the scrollbar; the element's own style is what that measure needs.
const computedStyle = window.getComputedStyle.bind(window);
const cascade = fastCascade();
window.getComputedStyle = (element: Element) => {
  cascade?.prime(element);
  return computedStyle(element);
};

// antd in jsdom is slow on a busy 2-core machine: a screen's first render can take seconds.
jest.setTimeout(20_000);

// antd in jsdom on a 2-core CI machine running two workers: a screen can take longer than the
// default second to settle after a click. findBy/waitFor still fail when it never does.
configure({ asyncUtilTimeout: 4000 });

/**
 * jsdom computes an element's style by matching it against every rule of every style sheet, and
 * forgets all of it on any DOM change. antd injects a few thousand rules, so one
 * getComputedStyle costs tens of milliseconds, and antd, Testing Library's role queries and
 * user-event call it for most elements. This fills jsdom's own per-element cache with the same
 * declarations, found through an index of the rules by the id, class or tag their selector's
 * last compound requires, so only the rules that can match are matched (with jsdom's matcher, in
 * jsdom's order). jsdom then resolves the values itself and still empties the cache on every
 * change. Returns null (plain jsdom) when jsdom's internals are not the expected ones.
 */
function fastCascade(): { prime: (element: Element) => void } | null {
  type Style = { length: number; [index: number]: string; getPropertyValue(p: string): string; getPropertyPriority(p: string): string };
  type Declaration = Style & { setProperty(p: string, v: string, priority?: string): void; removeProperty(p: string): void };
  type Rule = { selectorText?: string; style?: Style; media?: ArrayLike<string>; cssRules?: ArrayLike<Rule> };
  type Sheet = { cssRules: ArrayLike<Rule> };
  type Impl = { _ownerDocument: DocImpl; style: Style };
  type DocImpl = { _styleCache: WeakMap<object, Declaration> | null; styleSheets: { _list: Sheet[] }; _nwsapiDontThrow?: { match(selector: string, element: Element): boolean } };
  type Entry = { order: number; selector: string; style: Style };

  const implKey = Object.getOwnPropertySymbols(document).find((s) => s.description === 'impl');
  const implOf = (node: object) => (implKey ? (node as Record<symbol, unknown>)[implKey] : undefined);
  const docImpl = implOf(document) as DocImpl | undefined;
  if (!docImpl || !('_styleCache' in docImpl) || !Array.isArray(docImpl.styleSheets?._list)) return null;
  computedStyle(document.documentElement); // creates jsdom's non-throwing selector matcher
  const matcher = docImpl._nwsapiDontThrow;
  if (!matcher) return null;
  const Declaration = Object.getPrototypeOf(computedStyle(document.documentElement)).constructor as new () => Declaration;

  // jsdom's user-agent sheet, parsed as jsdom parses it.
  const load = createRequire(__filename);
  const jsdomDir = dirname(load.resolve('jsdom/package.json', { paths: [dirname(load.resolve('jest-environment-jsdom'))] }));
  const defaultSheet: Sheet = load(load.resolve('rrweb-cssom', { paths: [jsdomDir] })).parse(load(`${jsdomDir}/lib/jsdom/browser/default-stylesheet`));

  // The id, class or tag a selector list's complex selectors require of the element itself
  // (lower-cased, so the index never misses); '' when one of them requires none.
  // Splits at the commas, combinators or ends that are outside brackets, parentheses and quotes.
  const split = (text: string, at: (c: string) => boolean): string[] => {
    const parts: string[] = [];
    let depth = 0, quote = '', start = 0;
    for (let i = 0; i < text.length; i += 1) {
      const c = text[i]!;
      if (quote) { if (c === quote) quote = ''; }
      else if (c === '"' || c === "'") quote = c;
      else if (c === '(' || c === '[') depth += 1;
      else if (c === ')' || c === ']') depth -= 1;
      else if (depth === 0 && at(c)) { parts.push(text.slice(start, i)); start = i + 1; }
    }
    parts.push(text.slice(start));
    return parts;
  };
  const name = /^-?[_a-zA-Z\u00a0-\uffff][-_a-zA-Z0-9\u00a0-\uffff]*/;
  // What each selector of a list requires of the element itself: its id, one of its classes or
  // its tag (lower-cased, so the index never misses a match), or '' when none of them.
  const keysOf = (selectorList: string): string[] =>
    selectorList.includes('\\') || selectorList.includes('|')
      ? ['']
      : split(selectorList, (c) => c === ',').map((selector) => {
          const compounds = split(selector.trim(), (c) => ' >+~\n\t'.includes(c));
          const compound = compounds[compounds.length - 1] ?? '';
          const simple = split(compound, (c) => c === '.' || c === '#' || c === ':' || c === '[' || c === '*');
          // split() drops the delimiter: recover it from the position in the compound.
          let at = 0, id = '', className = '', tag = '';
          simple.forEach((part, i) => {
            const kind = i === 0 ? '' : compound[at - 1];
            const found = name.exec(part)?.[0] ?? '';
            if (kind === '#' && !id) id = found;
            else if (kind === '.' && !className) className = found;
            else if (kind === '' && i === 0) tag = found;
            at += part.length + 1;
          });
          return (id ? `#${id}` : className ? `.${className}` : tag).toLowerCase();
        });

  let indexed: Sheet[] = [];
  let ruleCounts: number[] = [];
  let byKey = new Map<string, Entry[]>();
  let everyElement: Entry[] = [];
  const build = (sheets: Sheet[]) => {
    indexed = sheets.slice();
    ruleCounts = sheets.map((s) => s.cssRules.length);
    byKey = new Map();
    everyElement = [];
    let order = 0;
    const add = (rule: Rule) => {
      order += 1;
      if (typeof rule.selectorText !== 'string' || !rule.style) return;
      const entry = { order, selector: rule.selectorText, style: rule.style };
      const keys = keysOf(rule.selectorText);
      if (keys.includes('')) { everyElement.push(entry); return; }
      for (const key of new Set(keys)) {
        const list = byKey.get(key);
        if (list) list.push(entry);
        else byKey.set(key, [entry]);
      }
    };
    // As jsdom: rules of @media lists that include "screen", other at-rules never.
    for (const sheet of [defaultSheet, ...sheets]) {
      for (const rule of Array.from(sheet.cssRules)) {
        if (!rule.media) add(rule);
        else if (Array.prototype.indexOf.call(rule.media, 'screen') !== -1) Array.from(rule.cssRules ?? []).forEach(add);
      }
    }
  };
  const current = () => {
    const sheets = docImpl.styleSheets._list;
    return sheets.length === indexed.length && sheets.every((s, i) => s === indexed[i] && s.cssRules.length === ruleCounts[i]);
  };

  const declare = (element: Element, impl: Impl): Declaration => {
    const candidates: Entry[] = [...everyElement];
    const add = (key: string) => { const list = byKey.get(key); if (list) candidates.push(...list); };
    add(element.localName.toLowerCase());
    if (element.id) add(`#${element.id.toLowerCase()}`);
    for (const name of new Set((element.getAttribute('class') ?? '').toLowerCase().split(/\s+/))) if (name) add(`.${name}`);
    candidates.sort((a, b) => a.order - b.order);

    const declaration = new Declaration();
    const apply = (style: Style) => {
      for (let i = 0; i < style.length; i += 1) {
        const property = style[i]!;
        const value = style.getPropertyValue(property);
        if (value === 'unset') declaration.removeProperty(property);
        else declaration.setProperty(property, value, style.getPropertyPriority(property));
      }
    };
    let last = 0;
    for (const entry of candidates) {
      if (entry.order === last) continue;
      last = entry.order;
      if (matcher.match(entry.selector, element)) apply(entry.style);
    }
    apply(impl.style);
    return declaration;
  };

  let seen: object | null = null;
  return {
    prime(element) {
      const impl = implOf(element) as Impl | undefined;
      if (!impl || impl._ownerDocument !== docImpl) return;
      if (docImpl._styleCache !== seen || !seen) {
        if (!current()) build(docImpl.styleSheets._list);
        docImpl._styleCache ??= new WeakMap();
        seen = docImpl._styleCache;
      }
      const cache = docImpl._styleCache!;
      for (let node: Element | null = element; node; node = node.parentElement) {
        const nodeImpl = implOf(node) as Impl;
        if (!cache.has(nodeImpl)) cache.set(nodeImpl, declare(node, nodeImpl));
      }
    },
  };
}
