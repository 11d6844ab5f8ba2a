/** The outcome of a call: the payload, and the response it came in. */

/** The whole outcome of a call: the payload and the response it came in. */
export interface ApiResult<T> {
  data: T;
  status: number;
  /** The response's headers, the credential redacted where a server echoes it. */
  headers: Record<string, string>;
  /** The whole parsed body (the envelope, where responses have one). */
  body: unknown;
  /** The envelope's request identifier, when there is one. */
  rid: string | undefined;
  /** How many attempts the call took (1 without retries). */
  attempts: number;
}

/**
 * The promise every method returns: it resolves to the payload, and `.withResponse()` gives the
 * whole {@link ApiResult} (status, headers, envelope, rid) of the same single call.
 */
export class ApiPromise<T> extends Promise<T> {
  #result: Promise<ApiResult<T>>;
  #data: Promise<T> | undefined;
  constructor(result: Promise<ApiResult<T>>) {
    super((resolve) => resolve(undefined as T));
    this.#result = result;
  }
  static override get [Symbol.species]() {
    return Promise;
  }
  /** The payload together with the response it came in. */
  withResponse(): Promise<ApiResult<T>> {
    return this.#result;
  }
  #payload(): Promise<T> {
    this.#data ??= this.#result.then((r) => r.data);
    return this.#data;
  }
  override then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#payload().then(onfulfilled, onrejected);
  }
  override catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.#payload().catch(onrejected);
  }
  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#payload().finally(onfinally);
  }
}
