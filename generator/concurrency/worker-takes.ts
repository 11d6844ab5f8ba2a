/**
 * Whether the worker takes the queue's next output. Not the queue's last where making it needs a
 * model the worker has not built yet: building one costs about as much as an output, so the main
 * thread, which has its model, makes that last output sooner after its own (and it always takes
 * what is left). Any other output is taken: the model then pays for the outputs after it too.
 */
export function workerTakes(queue: { next: number; length: number; readsDocumentOnly: (index: number) => boolean }, hasModel: boolean): boolean {
  if (queue.next >= queue.length) return false;
  return hasModel || queue.next < queue.length - 1 || queue.readsDocumentOnly(queue.next);
}
