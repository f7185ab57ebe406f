/**
 * Puts `text` in `el` by changing its one text node's data: assigning textContent would replace the node (a
 * removal and an insertion for style and layout), which a tick doing it nine times can feel (bench/replay-tick.ts).
 */
export function setText(el: Element | null | undefined, text: string): void {
  if (!el) return;
  const node = el.firstChild;
  if (node && node.nodeType === 3 && node === el.lastChild) {
    if ((node as Text).data !== text) (node as Text).data = text;
  } else el.textContent = text;
}
