// The one way the scripts make an element: its class and its text (textContent, never markup: the
// words may come from a server answer or from localStorage).
export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
