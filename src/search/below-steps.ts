/**
 * A proof under `below` and `raise` (search/proof.ts): the total it looks below now, and, once
 * a search ran to its end and found nothing below its total, what that search proved; `raise`
 * then looks again below that bound plus the step. Bounds are packed costs (search/cost.ts).
 */
import { costTotal } from './cost.js';

/** The totals a proof looks below, one search after another. */
export class BelowSteps {
  #below: number | undefined;
  /**
   * The last total below which a search ran to its end and found nothing, and the bound
   * (packed) it proved: the least total is at least that, whatever the next search does.
   */
  #proven: { readonly below: number; readonly bound: number } | undefined;

  constructor(
    below: number | undefined,
    readonly step: number | undefined,
  ) {
    this.#below = below;
  }

  /** The total the search looks below now (undefined: no `below`). */
  get below(): number | undefined {
    return this.#below;
  }

  /** What the last search that ran to its end without a strategy proved, if one did. */
  get proven(): { readonly below: number; readonly bound: number } | undefined {
    return this.#proven;
  }

  /**
   * After a search that found no strategy below its total, its first guesses refuted at
   * `refuted` (packed): keeps what it proved and looks again below that bound plus the step;
   * false if there is nothing to raise.
   */
  raise(refuted: number): boolean {
    if (this.step === undefined || this.#below === undefined) return false;
    if (refuted === Number.POSITIVE_INFINITY) return false;
    this.#proven = { below: this.#below, bound: refuted };
    this.#below = costTotal(refuted) + this.step;
    return true;
  }

  /**
   * The total a result says it looked below: the last searched to its end if this one was
   * stopped (not `proved`, but `exhaustive` up to the last step), else the one looked below now.
   */
  shown(proved: boolean, exhaustive: boolean): number | undefined {
    return !proved && exhaustive && this.#proven ? this.#proven.below : this.#below;
  }
}
