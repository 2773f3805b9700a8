/** The coach's Web Worker: answers each request (coach.ts) in turn, off the page's thread. */
import { type CoachAnswer, type CoachRequest, coach } from './coach.js';

/** The part of the worker's global scope used here (the DOM lib has no worker scope types). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CoachRequest>) => void) | null;
  postMessage(message: CoachAnswer): void;
};

scope.onmessage = (event) => scope.postMessage(coach(event.data));
