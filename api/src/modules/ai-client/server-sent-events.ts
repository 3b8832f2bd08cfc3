import { StringDecoder } from 'node:string_decoder';

/** Thrown when one event grows past the cap: a stream that never ends an event is refused, not buffered. */
export class OversizedEventError extends Error {
  constructor(maxEventChars: number) {
    super(`The provider sent an event longer than ${maxEventChars} characters`);
    this.name = 'OversizedEventError';
  }
}

export interface SseDecoder {
  /** The `data` of every event the bytes complete, in order (multi-line data joined with "\n"). */
  push(bytes: Buffer): string[];
  /** The data of an event the stream ended without its blank line, if any. */
  end(): string[];
}

/**
 * Reads a `text/event-stream` body as it arrives (the WHATWG grammar: lines end with CRLF, LF or
 * CR; `data:` lines make an event, a blank line dispatches it; comments and other fields are
 * skipped). Each character is looked at once, and no event may hold more than `maxEventChars`.
 */
export function createSseDecoder(maxEventChars: number): SseDecoder {
  const utf8 = new StringDecoder('utf8');
  /** Characters of the line not yet ended. */
  let line = '';
  /** A CR ended the last line: an LF right after it belongs to it. */
  let afterCr = false;
  let data: string[] = [];
  /** Characters of the event being read: its data so far. */
  let dataChars = 0;

  function takeLine(text: string, events: string[]) {
    if (text === '') {
      if (data.length > 0) events.push(data.join('\n'));
      data = [];
      dataChars = 0;
      return;
    }
    if (text.startsWith('data:')) {
      const value = text.charCodeAt(5) === 32 ? text.slice(6) : text.slice(5);
      data.push(value);
      dataChars += value.length + 1;
    } else if (text === 'data') {
      data.push('');
      dataChars += 1;
    }
  }

  function read(text: string, events: string[]) {
    let start = 0;
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      if (code !== 10 && code !== 13) continue;
      if (code === 10 && afterCr && i === start && line === '') {
        // The LF of a CRLF whose CR ended the previous chunk's last line.
        afterCr = false;
        start = i + 1;
        continue;
      }
      takeLine(line + text.slice(start, i), events);
      line = '';
      afterCr = code === 13;
      if (afterCr && text.charCodeAt(i + 1) === 10) {
        i += 1;
        afterCr = false;
      }
      start = i + 1;
    }
    if (start < text.length) {
      afterCr = false;
      line += text.slice(start);
    }
  }

  return {
    push(bytes) {
      const events: string[] = [];
      read(utf8.write(bytes), events);
      // What is held after the chunk is the event still being read: only it counts towards the cap.
      if (dataChars + line.length > maxEventChars) throw new OversizedEventError(maxEventChars);
      return events;
    },
    end() {
      const events: string[] = [];
      const rest = utf8.end();
      if (rest !== '') read(rest, events);
      if (line !== '') takeLine(line, events);
      line = '';
      if (data.length > 0) events.push(data.join('\n'));
      data = [];
      return events;
    },
  };
}
