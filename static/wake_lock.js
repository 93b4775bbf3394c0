// Keeps the phone's screen on during a game, on the sheet and the deal form, where the browser
// offers the Screen Wake Lock API (secure pages only: localhost or HTTPS). The browser releases
// the lock when the page is hidden; it is asked for again when the page shows again. Where the
// API is missing or refuses (battery saver, policy), nothing happens: the screen sleeps as usual.
(function () {
  if (!navigator.wakeLock || typeof navigator.wakeLock.request !== "function") return;
  let lock = null;
  let asking = false;

  function ask() {
    if (lock || asking || document.visibilityState !== "visible") return;
    asking = true;
    let request;
    try {
      request = navigator.wakeLock.request("screen");
    } catch {
      asking = false;
      return;
    }
    Promise.resolve(request)
      .then(function (sentinel) {
        lock = sentinel;
        sentinel.addEventListener("release", function () {
          lock = null;
        });
      })
      .catch(function () {
        /* refused: try again when the page shows again or on a tap */
      })
      .then(function () {
        asking = false;
      });
  }

  document.addEventListener("visibilitychange", ask);
  document.addEventListener("click", ask); // some browsers grant it only after a tap
  ask();
})();
