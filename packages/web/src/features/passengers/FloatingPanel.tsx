import { CloseOutlined, DragOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type KeyboardEvent, type PointerEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

// A floating dialog (spec section 4 "Floating dialogs"): above the page but not modal — no mask, the map behind
// stays usable — and dragged by its title bar. Kept inside the viewport so its title bar can always be reached.

export interface FloatingPanelProps {
  title: ReactNode;
  /** Accessible name of the dialog. */
  label: string;
  width: number;
  closeLabel: string;
  dragLabel: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

interface Point {
  x: number;
  y: number;
}

/** Keeps at least this much of the title bar on screen. */
const GRIP = 80;
const TITLE_HEIGHT = 40;

export function clampToViewport(p: Point, width: number, viewport: { width: number; height: number }): Point {
  return {
    x: Math.min(Math.max(p.x, GRIP - width), Math.max(0, viewport.width - GRIP)),
    y: Math.min(Math.max(p.y, 0), Math.max(0, viewport.height - TITLE_HEIGHT)),
  };
}

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

/** Top right, below the navbar: the map's middle, where the vehicle usually is, stays clear. */
function initialPosition(width: number): Point {
  return clampToViewport({ x: window.innerWidth - width - 24, y: 96 }, width, viewport());
}

export function FloatingPanel({
  title,
  label,
  width,
  closeLabel,
  dragLabel,
  onClose,
  children,
  className,
}: FloatingPanelProps) {
  const titleId = useId();
  const panel = useRef<HTMLElement | null>(null);
  const [pos, setPos] = useState(() => initialPosition(width));
  const grab = useRef<{ dx: number; dy: number; pointer: number } | null>(null);

  useEffect(() => {
    // Focus moves in so Escape and Tab work at once; the page behind stays clickable.
    panel.current?.focus();
    const onResize = () => setPos((p) => clampToViewport(p, width, viewport()));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [width]);

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (e.button !== 0 || (e.target as HTMLElement).closest('button')) return;
    grab.current = { dx: e.clientX - pos.x, dy: e.clientY - pos.y, pointer: e.pointerId };
    e.currentTarget.setPointerCapture?.(e.pointerId);
    e.preventDefault();
  };
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const g = grab.current;
    if (!g || g.pointer !== e.pointerId) return;
    setPos(clampToViewport({ x: e.clientX - g.dx, y: e.clientY - g.dy }, width, viewport()));
  };
  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    if (grab.current?.pointer !== e.pointerId) return;
    grab.current = null;
    e.currentTarget.releasePointerCapture?.(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    }
  };

  return (
    <section
      ref={panel}
      role="dialog"
      aria-modal="false"
      aria-label={label}
      aria-describedby={titleId}
      tabIndex={-1}
      className={`hw-floating-panel${className ? ` ${className}` : ''}`}
      style={{ left: pos.x, top: pos.y, width }}
      onKeyDown={onKeyDown}
    >
      <header
        className="hw-floating-panel__head"
        title={dragLabel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        data-testid="floating-panel-handle"
      >
        <DragOutlined className="hw-floating-panel__grip" aria-hidden />
        <h2 id={titleId} className="hw-floating-panel__title">
          {title}
        </h2>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={closeLabel} onClick={onClose} />
      </header>
      <div className="hw-floating-panel__body">{children}</div>
    </section>
  );
}
