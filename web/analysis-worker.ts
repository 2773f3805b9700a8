/** The analysis Web Worker: runs one request (analysis.ts) off the page's thread. */
import { type AnalysisMessage, type AnalysisRequest, runAnalysis } from './analysis.js';

/** The part of the worker's global scope used here (the DOM lib has no worker scope types). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<AnalysisRequest>) => void) | null;
  postMessage(message: AnalysisMessage): void;
};

scope.onmessage = (event) => runAnalysis(event.data, (message) => scope.postMessage(message));
