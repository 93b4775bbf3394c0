// « Partager » (docs/sharing.md): a link to a shared image (a.share-image, with `download`) opens the
// phone's share sheet with the image and its sentence where the browser can share files (the Web Share
// API, on a secure page), and is a plain download everywhere else, with or without this script.
//
// The image is fetched ahead, once its link shows: a browser lets a page open the share sheet only
// during the tap itself (Safari counts a fetch in between as the tap being over). Its sentence comes
// with it, in the X-Share-Text header, from the server that drew it (scorekeeper/web/share/images.py).
// A bar with data-follows="<id>" shows while that element does (the sheet's end-of-game bar).

const ready = new WeakMap(); // link → {files, text}, what navigator.share gets

async function prepare(link) {
  if (ready.has(link) || link.closest("[hidden]")) return;
  const response = await fetch(link.href, { credentials: "same-origin" });
  if (!response.ok) return;
  const file = new File([await response.blob()], link.getAttribute("download") || "belote.png", {
    type: "image/png",
  });
  const data = { files: [file], text: decodeURIComponent(response.headers.get("X-Share-Text") || "") };
  if (navigator.canShare(data)) ready.set(link, data);
}

function prepareAll() {
  for (const link of document.querySelectorAll("a.share-image")) prepare(link).catch(() => {});
}

function follow() {
  for (const bar of document.querySelectorAll("[data-follows]")) {
    const leader = document.getElementById(bar.dataset.follows);
    if (!leader) continue;
    const sync = () => {
      bar.hidden = leader.hidden;
      if (canShareFiles) prepareAll();
    };
    sync();
    new MutationObserver(sync).observe(leader, { attributes: true, attributeFilter: ["hidden"] });
  }
}

const canShareFiles = window.isSecureContext && typeof navigator.canShare === "function";
follow();
if (canShareFiles) {
  prepareAll();
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a.share-image");
    const data = link && ready.get(link);
    if (!data) return; // not ready, or no file sharing: the link downloads the image
    event.preventDefault();
    navigator.share(data).catch((error) => {
      if (error.name === "AbortError") return; // the person closed the share sheet
      const copy = document.createElement("a"); // the share failed: the download, as elsewhere
      copy.href = link.href;
      copy.download = link.getAttribute("download");
      copy.click();
    });
  });
}
