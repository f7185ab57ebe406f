import { Modal, type ModalProps } from 'antd';
import { type KeyboardEvent, type PointerEvent, type ReactNode, useCallback, useRef } from 'react';
import { clampOffset, type Offset, stepOffset } from './drag-offset';
import './tool-window.css';

/**
 * The spec's modal windows (trace, replays, traffic, chat, command, snapshot…) as antd modals that a dispatcher
 * can move by their title bar, so the live map under them stays readable. The offset is written to the DOM on
 * each pointer move, not kept in React state: a window holding a map or a player must not re-render per pixel.
 * The title bar also takes the arrow keys (Shift for larger steps) when focused.
 */
export function ToolWindow({ title, modalRender, children, ...props }: ModalProps & { children?: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  const offset = useRef<Offset>({ x: 0, y: 0 });
  const drag = useRef<{ pointerX: number; pointerY: number; from: Offset } | null>(null);

  const place = useCallback((next: Offset) => {
    const box = frame.current?.getBoundingClientRect();
    const placed = box
      ? clampOffset(next, offset.current, box, { width: window.innerWidth, height: window.innerHeight })
      : next;
    offset.current = placed;
    if (frame.current) frame.current.style.transform = `translate(${placed.x}px, ${placed.y}px)`;
  }, []);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    drag.current = { pointerX: e.clientX, pointerY: e.clientY, from: offset.current };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    place({ x: d.from.x + e.clientX - d.pointerX, y: d.from.y + e.clientY - d.pointerY });
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = null;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = stepOffset(offset.current, e.key, e.shiftKey);
    if (!next) return;
    e.preventDefault();
    place(next);
  };

  return (
    <Modal
      {...props}
      title={
        // biome-ignore lint/a11y/noStaticElementInteractions: the handle is also keyboard-operable (tabIndex, arrows)
        <div
          className="hw-tool-window__handle"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a focusable drag handle, moved with the arrow keys
          tabIndex={0}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
          data-testid="tool-window-handle"
        >
          {title}
        </div>
      }
      modalRender={(node) => (
        <div ref={frame} className="hw-tool-window__frame" data-testid="tool-window-frame">
          {modalRender ? modalRender(node) : node}
        </div>
      )}
    >
      {children}
    </Modal>
  );
}
