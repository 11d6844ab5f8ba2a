/** The framings of a streamed body (runtime/streams/frames.ts), fed in chunks cut anywhere. */
import { describe, expect, it } from 'vitest';
import { separatedFrames, type ServerSentEvent, sseFrames } from '../../../templates/runtime/streams/frames.js';

/** Every frame of `text` fed as the chunks `cuts` makes of it. */
function framesOf<T>(frames: { push(text: string, done: boolean): T[] }, chunks: string[]): T[] {
  return chunks.flatMap((chunk, i) => frames.push(chunk, i === chunks.length - 1));
}

describe('server-sent events', () => {
  it.each<[string, { given: string[]; want: ServerSentEvent[] }]>([
    ['data lines joined, a comment skipped', { given: [': hello\ndata: a\ndata: b\n\n'], want: [{ data: 'a\nb' }] }],
    [
      'every field, CRLF split between chunks',
      { given: ['event: tick\r', '\nid: 7\r\nretry: 250\r\ndata: {}\r\n\r\n'], want: [{ data: '{}', event: 'tick', id: '7', retry: 250 }] },
    ],
    ['an id with NUL and a retry that is no number are ignored', { given: ['id: a\0b\nretry: soon\ndata: x\n\n'], want: [{ data: 'x' }] }],
    ['one space after the colon dropped, a second kept', { given: ['data:  two\n\n'], want: [{ data: ' two' }] }],
    ['an event not closed by a blank line is dropped at the end', { given: ['data: a\n\ndata: b\n'], want: [{ data: 'a' }] }],
    ['a field alone on its line', { given: ['data\n\n'], want: [{ data: '' }] }],
  ])('%s', (_name, { given, want }) => {
    expect(framesOf(sseFrames(), given)).toStrictEqual(want);
  });

  it('counts what is pending: an unfinished line and the data of an unfinished event', () => {
    const frames = sseFrames();
    frames.push('data: abc\ndata: de', false);
    expect(frames.pending()).toBe(3 + 'data: de'.length);
  });
});

describe('separated records', () => {
  it.each<[string, { given: [string, string[]]; want: string[] }]>([
    ['JSON Lines, a record cut between chunks, blank lines skipped', { given: ['\n', ['{"a":', '1}\n\n{"b":2}']], want: ['{"a":1}', '{"b":2}'] }],
    ['JSON text sequences', { given: ['\x1e', ['\x1e1\n\x1e', '2\n']], want: ['1', '2'] }],
  ])('%s', (_name, { given: [separator, chunks], want }) => {
    expect(framesOf(separatedFrames(separator), chunks)).toStrictEqual(want);
  });
});
