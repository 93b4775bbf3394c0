// The tools pages answer as cards are tapped. Without this file they work the same, one
// "Compter" or "Vérifier" at a time: here each change asks the page itself (a GET of the same
// form) and swaps in the server's answer, so that every number and word still comes from Python.
(function () {
  const form = document.querySelector("form[data-live-form]");
  if (!form) return;
  let ticket = 0;

  function formUrl() {
    const params = new URLSearchParams(new FormData(form));
    params.set(form.dataset.ask, "1");
    return form.getAttribute("action") + "?" + params.toString();
  }

  function refresh() {
    const url = formUrl();
    const mine = ++ticket;
    fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) {
        return response.text();
      })
      .then(function (html) {
        if (mine !== ticket) return; // a later tap has already asked again
        const fresh = new DOMParser().parseFromString(html, "text/html");
        document.querySelectorAll("[data-live]").forEach(function (region) {
          const answer = fresh.getElementById(region.id);
          if (answer) region.innerHTML = answer.innerHTML;
        });
        history.replaceState(null, "", url);
      })
      .catch(function () {
        /* offline: the button still submits the form */
      });
  }

  // A hand holds a limited number of cards, and a card is in one hand only.
  function lockCards() {
    const decks = Array.prototype.slice.call(form.querySelectorAll(".deck[data-limit]"));
    decks.forEach(function (deck) {
      const limit = Number(deck.dataset.limit);
      const boxes = deck.querySelectorAll("input[type=checkbox]");
      const ticked = deck.querySelectorAll("input[type=checkbox]:checked").length;
      boxes.forEach(function (box) {
        const elsewhere = decks.some(function (other) {
          return other !== deck && other.querySelector("input[value='" + box.value + "']:checked");
        });
        box.disabled = !box.checked && (ticked >= limit || elsewhere);
      });
    });
  }

  form.addEventListener("change", function () {
    lockCards();
    refresh();
  });
  lockCards();
})();
