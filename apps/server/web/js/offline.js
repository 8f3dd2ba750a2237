// The static site works offline and installs as an app: its service worker (the site's sw.js)
// keeps every file of the site once the page has been visited. Only the site registers it: under
// `nimkit serve` the page's requests go to the server, and it has no sw.js.
import { engineKind } from './transport.js';

export function keepOffline() {
  if (engineKind !== 'worker' || !('serviceWorker' in navigator)) return;
  // Refused where service workers are not allowed (a page served over plain HTTP from a host
  // other than this machine): the site still plays, online.
  navigator.serviceWorker.register('sw.js').catch(() => {});
}
