// What the root jest setup does not (yet) provide for these packages. Import this module
// first in a test file, before anything that loads react-router or antd's icons.
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks TextEncoder/TextDecoder, which react-router 7 reads when it loads.
const g = globalThis as Record<string, unknown>;
if (!g.TextEncoder) g.TextEncoder = TextEncoder;
if (!g.TextDecoder) g.TextDecoder = TextDecoder;

// antd's Select closes its dropdown a macrotask later through MessageChannel, which jsdom
// lacks; a timeout is the same kind of task (and follows jest's fake timers).
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

// @ant-design/icons 6.3.4's CommonJS build requires the ES-module build of
// @ant-design/colors, which jest cannot load untransformed; the CommonJS file is the same code.
jest.mock('@ant-design/colors/es/generate', () => jest.requireActual('@ant-design/colors/lib/generate'));

// jsdom does not implement getComputedStyle for pseudo-elements and logs an error each time
// antd's table measures the scrollbar; the element's own style is what that measure needs.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);
