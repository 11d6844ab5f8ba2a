import { describe, expect, it } from 'vitest';
import { workerTakes } from '../../generator/concurrency/worker-takes.js';

/** The queue of the side thread: types (reads the document alone), then outputs that read the model. */
const queue = (next: number) => ({ next, length: 4, readsDocumentOnly: (index: number) => index === 0 });

describe('which output the worker takes next', () => {
  const cases: { given: string; next: number; hasModel: boolean; want: boolean }[] = [
    { given: 'the types, first, without a model', next: 0, hasModel: false, want: true },
    { given: 'an output before the last, without a model: the model pays for the ones after it', next: 2, hasModel: false, want: true },
    { given: 'the last output, without a model: the main thread, which has one, makes it sooner', next: 3, hasModel: false, want: false },
    { given: 'the last output, with a model', next: 3, hasModel: true, want: true },
    { given: 'nothing left', next: 4, hasModel: true, want: false },
  ];
  it.each(cases)('$given', ({ next, hasModel, want }) => {
    expect(workerTakes(queue(next), hasModel)).toBe(want);
  });

  it('takes the last output without a model where it reads the document alone', () => {
    expect(workerTakes({ next: 0, length: 1, readsDocumentOnly: () => true }, false)).toBe(true);
  });
});
