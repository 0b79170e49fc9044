import { createHash } from 'node:crypto';
import { themeStorageKey } from '@shared/theme';

/**
 * The only inline scripts the pages carry; the CSP allows exactly these by hash. Plain ES5, no
 * template data: the same bytes on every page, so the hashes never change per request.
 */

/**
 * In <head>, before the first paint: a prerendered page must not flash light for a visitor who
 * chose (or whose system prefers) dark. Mirrors initialTheme() in client/lib/theme.ts.
 */
export const themeBootScript =
  `try{var t=localStorage.getItem(${JSON.stringify(themeStorageKey)});` +
  `if(t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches))document.documentElement.classList.add('dark')}catch(e){}`;

/** Where a prerendered page parks its script and modulepreload tags until after the first paint. */
export const deferredAppId = 'deferred-app';

/**
 * At the end of a prerendered page's <body>: once the page has painted, adds the app's script and
 * preload tags kept in the inert <template>, so on a slow link the JavaScript does not compete
 * with the HTML and CSS the first paint needs. Whichever comes first of the frame and the `load`
 * event: a hidden tab gets no animation frames, and headless Chromium often draws none until
 * something asks (a fixed timer here made every browser test wait a second per page).
 * Two tags per task: each starts a fetch, 1–4 ms of main thread on a phone, and a page has up to
 * thirty; in one task that was a 100–200 ms stretch in which a tap got no answer.
 */
export const deferredAppScript =
  `(function(){var done=0;function go(){if(done++)return;var t=document.getElementById(${JSON.stringify(deferredAppId)});if(!t)return;` +
  `var n=t.content.querySelectorAll('link,script'),i=0;(function add(){for(var k=0;k<2&&i<n.length;k++,i++){var o=n[i],e=document.createElement(o.tagName);` +
  `for(var j=0;j<o.attributes.length;j++)e.setAttribute(o.attributes[j].name,o.attributes[j].value);document.head.appendChild(e)}if(i<n.length)setTimeout(add)})()}` +
  `requestAnimationFrame(function(){setTimeout(go)});addEventListener('load',go)})()`;

/** CSP script-src sources for the inline scripts above. */
export const inlineScriptHashes = [themeBootScript, deferredAppScript].map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
