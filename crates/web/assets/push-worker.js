// Agora's service worker: Web Push for correspondence games. Registered by the Settings button
// (page.js), never on a page load; served from the site's root so its scope is every page.
// A push carries JSON the server wrote in the reader's language: { title, body, url, tag }.
// It says whose turn it is, nothing of the game.

self.addEventListener("push", (event) => {
  let news = {};
  try {
    news = event.data ? event.data.json() : {};
  } catch {
    news = {};
  }
  const title = typeof news.title === "string" && news.title ? news.title : "Agora";
  // Only a page of this site is opened on a click.
  const url = typeof news.url === "string" && news.url.startsWith("/") && !news.url.startsWith("//") ? news.url : "/games";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof news.body === "string" ? news.body : "",
      // The same tag as the notifications an open page shows: one game, one notification.
      tag: typeof news.tag === "string" ? news.tag : undefined,
      data: { url },
    }),
  );
});

// A click focuses a tab already on that game, else opens it.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/games", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const tab of tabs) {
        if (tab.url === url && "focus" in tab) return tab.focus();
      }
      return self.clients.openWindow(url);
    })(),
  );
});
