// The room's screen on a browser too old for modules (an old TV's): the page asks for itself again
// every 2 s, as it does with no JavaScript at all; the server picks the page of the lists to show.
setTimeout(function () {
  window.location.reload();
}, 2000);
