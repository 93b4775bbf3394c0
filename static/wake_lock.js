// Keeps the screen on during a game (docs/offline.md). Where the browser offers the Wake Lock API
// (secure pages only), the lock is asked for, again when the page shows again or on a tap (some
// browsers grant it only then); refused, the screen sleeps. Elsewhere: static/no_sleep.js, loaded
// only there. The sheet says when its game ends, or goes on after an undo: `duringGame`.
const offered = typeof navigator.wakeLock?.request === "function";
const fallback = offered ? null : import("./no_sleep.js").catch(() => null); // offline: none
let during = true;
let lock = null;
let asking = false;

function ask() {
  if (!during || lock || asking || document.visibilityState !== "visible") return;
  asking = true;
  Promise.resolve()
    .then(function () {
      return navigator.wakeLock.request("screen");
    })
    .then(function (sentinel) {
      sentinel.addEventListener("release", function () {
        if (lock === sentinel) lock = null;
      });
      lock = sentinel;
      if (!during) letGo(); // the game ended while the browser answered
    })
    .catch(function () {
      /* refused: try again when the page shows again or on a tap */
    })
    .then(function () {
      asking = false;
    });
}

function letGo() {
  lock?.release().catch(function () {});
  lock = null;
}

export function duringGame(going) {
  if (going === during) return;
  during = going;
  if (fallback) fallback.then((video) => video?.duringGame(going));
  else if (going) ask();
  else letGo();
}

if (offered) {
  document.addEventListener("visibilitychange", ask);
  document.addEventListener("click", ask);
  ask();
}
