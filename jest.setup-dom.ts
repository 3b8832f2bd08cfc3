import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
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
window.getComputedStyle = (element: Element) => computedStyle(element);

// antd in jsdom is slow on a busy 2-core machine: a screen's first render can take seconds.
jest.setTimeout(20_000);

// antd in jsdom on a 2-core CI machine running two workers: a screen can take longer than the
// default second to settle after a click. findBy/waitFor still fail when it never does.
configure({ asyncUtilTimeout: 4000 });
