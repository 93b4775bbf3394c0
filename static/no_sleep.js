// The screen kept on where the Wake Lock API is not offered (plain HTTP), as NoSleep.js does it: a
// muted looping video, copied from the page's inert <template id="screen-on"> and played from a tap
// (play() wants one); stopped, its file let go, when the page is hidden or the game ends; the next
// tap plays it again. static/wake_lock.js loads this module only there. The video fills the screen,
// unseen (style.css, .screen-on): Chromium keeps the screen on for a muted video only if it is in
// view and covers a fifth of it at least (blink's VideoWakeLock).

let during = true;
let video = null;

function play() {
  const template = document.getElementById("screen-on");
  if (!during || video || !template || document.visibilityState !== "visible") return;
  const playing = template.content.firstElementChild.cloneNode(true);
  playing.muted = true; // the attribute alone does not mute a copy everywhere
  document.body.appendChild(playing);
  video = playing;
  Promise.resolve(playing.play()).catch(function () {
    if (video === playing) stop(); // refused, or stopped first: the next tap tries again
  });
}

function stop() {
  if (!video) return;
  video.pause();
  video.replaceChildren(); // no source left: load() lets go of the file and the decoder
  video.load();
  video.remove();
  video = null;
}

export function duringGame(going) {
  during = going;
  if (!during) stop();
}

document.addEventListener("click", play);
document.addEventListener("visibilitychange", function () {
  if (document.visibilityState !== "visible") stop();
});
