/**
 * The jobs a proof's coordinator (queue-runner.ts) has put on its BullMQ queue and waits for.
 * Their ends are heard from BullMQ's events, and also looked up in Redis when asked (`look`,
 * `lookAll`): an event is lost while Redis is away, and a job Redis lost (restarted empty, or
 * flushed) is put on the queue again. Once the proof must stop (`stop`), every wait ends with why.
 */
import type { Queue } from 'bullmq';
import type { CommandError } from '../../errors.js';
import { refusedByRedis } from './queue.js';

/** A job that failed on a worker, with the reason BullMQ kept. */
export class JobFailed extends Error {}

/** A job on the queue whose end the coordinator waits for. */
interface Awaited {
  readonly envelope: unknown;
  /** Put on the queue (else a look does not look for it yet). */
  put: boolean;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** The jobs awaited on `queue` (Redis at `url`, for messages); `stopped` hears a stop. */
export class AwaitedJobs {
  /** By BullMQ id. */
  readonly #awaited = new Map<string, Awaited>();
  /** Why the proof must stop (Redis refused a command, or has been gone too long), once known. */
  #fatal: CommandError | undefined;

  constructor(
    private readonly queue: Queue,
    private readonly url: string,
    private readonly stopped: () => void,
  ) {}

  /** How many are awaited. */
  get size(): number {
    return this.#awaited.size;
  }

  /** Why the proof must stop, if it must. */
  get fatal(): CommandError | undefined {
    return this.#fatal;
  }

  /** The proof must stop, for `error`: every wait ends with it, and so does every later one. */
  stop(error: CommandError): void {
    this.#fatal ??= error;
    for (const waiting of this.#awaited.values()) waiting.reject(this.#fatal);
    this.#awaited.clear();
    this.stopped();
  }

  /**
   * Puts a job on the queue under the BullMQ id `id` and waits for its end: its worker's answer,
   * or a rejection (`JobFailed`, or why the proof stops). A job already there under this id (put
   * by a coordinator that stopped) is this job: its end, if it has one, is heard at once.
   */
  ended(id: string, envelope: unknown): Promise<unknown> {
    if (this.#fatal) return Promise.reject(this.#fatal);
    const result = new Promise<unknown>((resolve, reject) => {
      this.#awaited.set(id, { envelope, put: false, resolve, reject });
    });
    void (async () => {
      try {
        await this.#put(id, envelope);
        this.#markPut(id);
        await this.look(id);
      } catch (error) {
        // Redis gone: the looks put it there once it is back. Redis refusing: the proof stops.
        const refused = refusedByRedis(error, this.url);
        if (refused) this.stop(refused);
        this.#markPut(id);
      }
    })();
    return result;
  }

  /** Looks at the job `id` in Redis: ended, its end is heard; gone, it is put back. */
  async look(id: string): Promise<void> {
    const waiting = this.#awaited.get(id);
    if (!waiting?.put) return;
    // The state first, then the job: a job read first may end before its state is read.
    const state = await this.queue.getJobState(id);
    if (state === 'unknown') return this.#put(id, waiting.envelope);
    if (state !== 'completed' && state !== 'failed') return;
    const job = await this.queue.getJob(id);
    if (!job || this.#awaited.get(id) !== waiting) return;
    this.#awaited.delete(id);
    if (state === 'completed') waiting.resolve(job.returnvalue);
    else waiting.reject(new JobFailed(job.failedReason ?? 'no reason given'));
  }

  /** Looks at every job awaited. */
  async lookAll(): Promise<void> {
    await Promise.all([...this.#awaited.keys()].map((id) => this.look(id)));
  }

  /** Puts every job awaited on the queue again (Redis lost them). */
  async putBack(): Promise<void> {
    for (const [id, waiting] of this.#awaited) {
      if (waiting.put) await this.#put(id, waiting.envelope);
    }
  }

  async #put(id: string, envelope: unknown): Promise<void> {
    await this.queue.add('solve', envelope, {
      jobId: id,
      removeOnComplete: false,
      removeOnFail: false,
    });
  }

  #markPut(id: string): void {
    const waiting = this.#awaited.get(id);
    if (waiting) waiting.put = true;
  }
}
