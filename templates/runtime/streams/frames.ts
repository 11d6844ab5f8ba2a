/** The framings of a streamed body: records split at a separator, and server-sent events. */

/** Splits text into records at `separator` (JSON Lines: a newline; JSON text sequences: RS), blank ones skipped. */
export function separatedFrames(separator: string): { push(text: string, done: boolean): string[]; pending(): number } {
  let buffer = '';
  return {
    push(text, done) {
      buffer += text;
      const parts = buffer.split(separator);
      buffer = done ? '' : (parts.pop() ?? '');
      return parts.map((p) => p.trim()).filter((p) => p !== '');
    },
    pending: () => buffer.length,
  };
}

/**
 * One server-sent event as the client yields it: its data (the `data` lines joined, then read as
 * JSON and validated where the document gives the data's schema), and `event`, `id` and `retry`
 * where the event sets them (WHATWG HTML, "event stream interpretation").
 */
export interface ServerSentEvent<T = string> {
  data: T;
  event?: string;
  id?: string;
  retry?: number;
}

/**
 * What an event stream keeps across its events and connections: the last event ID (sent as
 * `Last-Event-ID` on reconnection) and the reconnection time the server asked for, in ms.
 */
export interface EventStreamState {
  lastEventId?: string;
  retry?: number;
}

/** Splits text into server-sent events; `state` takes the last event ID and `retry` as the stream sets them. */
export function sseFrames(state: EventStreamState = {}): { push(text: string, done: boolean): ServerSentEvent[]; pending(): number } {
  let buffer = '';
  let data: string[] = [];
  let event: Omit<ServerSentEvent, 'data'> = {};
  let started = false;
  // The last event ID buffer: set by an id field, given to the stream when an event is dispatched (with data or not).
  let lastId = state.lastEventId;
  const events: ServerSentEvent[] = [];
  const line = (text: string): void => {
    if (text === '') {
      if (lastId !== undefined) state.lastEventId = lastId;
      if (started) events.push({ data: data.join('\n'), ...event });
      data = [];
      event = {};
      started = false;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') {
      data.push(value);
      started = true;
    } else if (field === 'event') event.event = value;
    else if (field === 'id' && !value.includes('\0')) {
      event.id = value;
      lastId = value;
    } else if (field === 'retry' && /^\d+$/.test(value)) {
      event.retry = Number(value);
      state.retry = event.retry;
    }
  };
  return {
    push(text, done) {
      buffer += text;
      // A trailing \r may be the first half of a \r\n: held until the next chunk says.
      const hold = !done && buffer.endsWith('\r') ? '\r' : '';
      const lines = (hold ? buffer.slice(0, -1) : buffer).split(/\r\n|\r|\n/);
      // The text after the last line end is an unfinished line: kept for the next chunk, dropped at the end.
      const rest = lines.pop() ?? '';
      buffer = done ? '' : rest + hold;
      // At the end, an event not closed by a blank line is dropped, as the standard says.
      for (const each of lines) line(each);
      return events.splice(0);
    },
    pending: () => buffer.length + data.reduce((n, d) => n + d.length, 0),
  };
}
