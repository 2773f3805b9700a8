/**
 * The web app's entry: draws the page into #app and, in the built app, registers the service
 * worker that keeps it working offline (service-worker.js).
 */
import { render } from 'preact';
import { App } from './app.js';
import './style.css';

render(<App />, document.getElementById('app')!);

const built = (import.meta as { env?: { PROD?: boolean } }).env?.PROD === true;
if (built && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js').catch(() => {
      // No service worker (a private window, an insecure address): the page works online.
    });
  });
}
