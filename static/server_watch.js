// Whether the server answers, asked every 2.5 s while the sheet is visible (never less often: a
// phone sees the server go and come back within one poll, idle or not). Each poll asks for the
// sheet's own page with the ETag of the sheet drawn (a 304 while nothing changed): a changed sheet
// comes whole, as the page's JSON (data-sheet). Anything but that page or a 304 (a Wi-Fi portal, a
// redirect, an error) is not the server.
import { isSheet } from "./api_shape.js";

var POLL_MS = 2500;

// onAnswer(state, sheetJson): state is "up", "down" (no answer), "strange" (an answer that is not
// the server's) or "offline" (the phone itself has no network); sheetJson a newer sheet, or null.
export function watch(sheetPath, game, etagOf, onAnswer) {
  var busy = false;
  var ticket = 0;

  function poll() {
    if (busy || document.hidden) return;
    busy = true;
    var mine = ++ticket;
    function answer(state, sheet, etag) { if (mine === ticket) onAnswer(state, sheet, etag); }
    fetch(sheetPath, { headers: { "If-None-Match": etagOf() }, cache: "no-store", redirect: "manual" })
      .then(function (response) {
        if (response.status === 304) return answer("up", null, null);
        var html = response.status === 200 && /text\/html/.test(response.headers.get("Content-Type") || "");
        if (!html) return answer("strange", null, null);
        return response.text().then(function (text) {
          var page = new DOMParser().parseFromString(text, "text/html").getElementById("sheet");
          if (!page || page.dataset.game !== game) return answer("strange", null, null);
          var sheet = null;
          try { sheet = JSON.parse(page.dataset.sheet); } catch (broken) { sheet = null; }
          if (!isSheet(sheet, game)) return answer("strange", null, null); // not the API's shape: not kept
          answer("up", sheet, page.dataset.etag);
        });
      })
      .catch(function () { answer(navigator.onLine === false ? "offline" : "down", null, null); })
      .then(function () { if (mine === ticket) busy = false; });
  }

  setInterval(poll, POLL_MS);
  document.addEventListener("visibilitychange", poll);
  window.addEventListener("online", poll);
  window.addEventListener("offline", function () { onAnswer("offline", null, null); });
  // Now, whatever a poll under way brings (it is forgotten): after a save landed, say.
  return { now: function () { busy = false; poll(); } };
}
