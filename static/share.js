// « Partager » (docs/sharing.md): a.share-image links to an image with `download`. Where the browser can
// share files (the Web Share API, on a secure page), a tap opens the share sheet with the image and the
// sentence the server sent with it (X-Share-Text); elsewhere, or until it is ready, the link downloads.
// The image is fetched ahead: a browser opens the share sheet only during the tap itself.

const ready = new WeakMap(); // link → what navigator.share gets

async function prepare(link) {
  const response = await fetch(link.href, { credentials: "same-origin" });
  if (!response.ok) return;
  const name = link.getAttribute("download") || "belote.png";
  const file = new File([await response.blob()], name, { type: "image/png" });
  const data = { files: [file], text: decodeURIComponent(response.headers.get("X-Share-Text") || "") };
  if (navigator.canShare(data)) ready.set(link, data);
}

if (window.isSecureContext && typeof navigator.canShare === "function") {
  for (const link of document.querySelectorAll("a.share-image")) prepare(link).catch(() => {});
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a.share-image");
    const data = link && ready.get(link);
    if (!data) return;
    event.preventDefault();
    navigator.share(data).catch((error) => {
      if (error.name === "AbortError") return; // the share sheet closed
      const copy = document.createElement("a"); // it failed: the download, as elsewhere
      copy.href = link.href;
      copy.download = link.getAttribute("download");
      copy.click();
    });
  });
}
