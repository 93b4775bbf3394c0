// Whether the server answers, asked every 2.5 s while the sheet is visible: GET /api/v1/games/<id>
// with the ETag of the revision drawn (docs/api.md), a 304 while nothing changed, else the sheet.
// Anything else (a Wi-Fi portal, a redirect, an error) is not the server.
import { isSheet } from "./api_shape.js";

const POLL_MS = 2500;

// onAnswer(state, sheetJson): state is "up", "down" (no answer), "strange" (an answer that is not
// the server's) or "offline" (the phone itself has no network); sheetJson a newer sheet, or null.
export function watch(game, revisionOf, onAnswer) {
  let busy = false;
  let ticket = 0;
  const url = "/api/v1/games/" + encodeURIComponent(game);

  function poll() {
    if (busy || document.hidden) return;
    busy = true;
    const mine = ++ticket;
    function answer(state, sheet) {
      if (mine === ticket) onAnswer(state, sheet);
    }
    const tag = 'W/"' + game + "-" + revisionOf() + '"';
    fetch(url, { headers: { "If-None-Match": tag }, cache: "no-store", redirect: "manual", credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 304) return answer("up", null);
        const json = response.status === 200 && /^application\/json\b/.test(response.headers.get("Content-Type") || "");
        if (!json) return answer("strange", null);
        return response.json().then(
          function (sheet) {
            if (!isSheet(sheet, game)) return answer("strange", null); // not the API's shape: not kept
            answer("up", sheet);
          },
          function () {
            answer("strange", null);
          },
        );
      })
      .catch(function () {
        answer(navigator.onLine === false ? "offline" : "down", null);
      })
      .then(function () {
        if (mine === ticket) busy = false;
      });
  }

  setInterval(poll, POLL_MS);
  document.addEventListener("visibilitychange", poll);
  window.addEventListener("online", poll);
  window.addEventListener("offline", function () {
    onAnswer("offline", null);
  });
  // Now, whatever a poll under way brings (it is forgotten): after a 409, say.
  return {
    now: function () {
      busy = false;
      poll();
    },
  };
}
