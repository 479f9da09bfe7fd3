// Aula's push handling in the service worker (issue 23, decision 073), loaded into the generated sw.js by
// workbox's importScripts (vite.config.ts). Plain JS: it runs as it is, outside the app's build.
/* global self */

const PUSH_MESSAGE = 'aula-push';
const OPEN_MESSAGE = 'aula-open';
/** How long a clicked notification waits for the tab to open the link itself before reloading it there. */
const OPEN_ANSWER_MS = 1000;

/** Only paths inside Aula: a push never leads elsewhere. */
function aulaUrl(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

function readPayload(event) {
  try {
    const data = event.data ? event.data.json() : null;
    if (data && typeof data.title === 'string') return data;
  } catch {
    // not JSON: shown as a plain notice below
  }
  return null;
}

function windows() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

/** How long a push waits for the focused tab to say it showed it (or that its page shows it) before a notification. */
const PUSH_ANSWER_MS = 1000;
/** What stands for a push whose payload cannot be read: Chrome would otherwise show its own notice about Aula. */
const UNREADABLE = { title: 'Aula', body: '', tag: '', url: '/' };

/** Asks the focused tab to show the push; resolves whether it answered "shown" or "suppressed" in time. */
function askToShow(client, payload) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), PUSH_ANSWER_MS);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data === 'shown' || event.data === 'suppressed');
    };
    client.postMessage({ type: PUSH_MESSAGE, payload }, [channel.port2]);
  });
}

function notify(payload) {
  // the server wrote title and text in the user's language; nothing else about them travels (SECURITY.md)
  return self.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag || undefined,
    data: { url: aulaUrl(payload.url) },
    icon: '/pwa-192x192.png',
    badge: '/pwa-192x192.png',
  });
}

// A tab the user is looking at gets the push as a toast (spec 9) instead of a notification, if it says so: a tab
// without Aula's push code running (still loading, signed out, impersonating) does not answer.
self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  if (!payload) {
    event.waitUntil(notify(UNREADABLE));
    return;
  }
  event.waitUntil(
    windows().then(async (clients) => {
      const focused = clients.find((client) => client.focused && client.visibilityState === 'visible');
      if (focused && (await askToShow(focused, payload))) return undefined;
      return notify(payload);
    }),
  );
});

/** Asks an open tab to go to the link itself (its router keeps the page's state); resolves whether it did. */
function askToOpen(client, url) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), OPEN_ANSWER_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve(true);
    };
    client.postMessage({ type: OPEN_MESSAGE, url }, [channel.port2]);
  });
}

// A click focuses an open Aula tab and shows the link there, or opens a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = aulaUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    windows().then(async (clients) => {
      const client = clients.find((c) => c.visibilityState === 'visible') || clients[0];
      if (!client) return self.clients.openWindow(url);
      const focused = await client.focus().catch(() => client);
      if (await askToOpen(focused, url)) return undefined;
      // a tab without Aula's push code running (signed out, still loading) is taken to the link
      if ('navigate' in focused) return focused.navigate(url).catch(() => self.clients.openWindow(url));
      return self.clients.openWindow(url);
    }),
  );
});
