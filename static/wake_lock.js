// Keeps the phone's screen on during a game, on the sheet and the deal form (issue 31, item 4).
// - Where the browser offers the Screen Wake Lock API (secure pages only: HTTPS or localhost), the
//   lock is asked for. The browser releases it when the page is hidden; it is asked for again when
//   the page shows again, or on a tap (some browsers grant it only after one). Refused (battery
//   saver, policy): the screen sleeps as usual.
// - Where it is not offered (a plain-HTTP address on the room's Wi-Fi), NoSleep.js's fallback: a
//   muted, looping, inline video, for which phones keep the screen on while it plays. play() wants a
//   tap: the player's first tap starts it. It is stopped, its file let go, when the page is hidden
//   or the game ends; the next tap starts it again. The video (2 KB, static/screen_on/) waits in
//   the page's inert <template id="screen-on">: never fetched where the lock is offered.
// The sheet says when its game ends, or goes on again after an undo (`duringGame`); the deal form's
// game is going on.

const offered = Boolean(navigator.wakeLock) && typeof navigator.wakeLock.request === "function";
let during = true;

// --- the Wake Lock API ------------------------------------------------------------------------

let lock = null;
let asking = false;

function ask() {
  if (!during || lock || asking || document.visibilityState !== "visible") return;
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
      sentinel.addEventListener("release", function () {
        if (lock === sentinel) lock = null;
      });
      if (during) lock = sentinel;
      else letGo(sentinel); // the game ended while the browser answered
    })
    .catch(function () {
      /* refused: try again when the page shows again or on a tap */
    })
    .then(function () {
      asking = false;
    });
}

function letGo(sentinel) {
  sentinel.release().catch(function () {
    /* already released by the browser */
  });
}

// --- the video, where the API is not offered --------------------------------------------------

const template = document.getElementById("screen-on");
let video = null;

function play() {
  if (!during || video || !template || document.visibilityState !== "visible") return;
  const playing = template.content.firstElementChild.cloneNode(true);
  playing.muted = true; // the attribute alone does not mute a copy in every browser
  document.body.appendChild(playing);
  video = playing;
  Promise.resolve(playing.play()).catch(function () {
    // refused (no tap yet, a data saver) or stopped before it started: the next tap tries again
    if (video === playing) stop();
  });
}

function stop() {
  if (!video) return;
  video.pause();
  video.replaceChildren(); // its sources: with none, load() lets go of the file and the decoder
  video.load();
  video.remove();
  video = null;
}

// --- when ------------------------------------------------------------------------------------

/** The sheet's word: `going` false once its game has ended (the rematch offered), true again if an
 * undo reopens it. */
export function duringGame(going) {
  if (going === during) return;
  during = going;
  if (!during) {
    if (lock) letGo(lock);
    lock = null;
    stop();
  } else if (offered) {
    ask(); // a video waits for the next tap
  }
}

document.addEventListener("visibilitychange", function () {
  if (offered) ask();
  else if (document.visibilityState !== "visible") stop();
});
document.addEventListener("click", offered ? ask : play);
if (offered) ask();
