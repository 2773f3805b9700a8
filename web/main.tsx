/**
 * The web app's entry: draws the page into #app and, in the built app, registers the service
 * worker that keeps it working offline (service-worker.js).
 */
import { render } from 'preact';
import { App } from './app.js';
// The stylesheets, one a view, in the order of their cascade.
import './styles/page.css';
import './styles/board.css';
import './styles/codemaker.css';
import './styles/analysis.css';
import './styles/tree.css';
import './styles/layout.css';
import './styles/coach.css';
import './styles/phone.css';
import './styles/versus.css';
import './styles/finished.css';

render(<App />, document.getElementById('app')!);

const built = (import.meta as { env?: { PROD?: boolean } }).env?.PROD === true;
if (built && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js').catch(() => {
      // No service worker (a private window, an insecure address): the page works online.
    });
  });
}
