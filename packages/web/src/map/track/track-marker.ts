import type OlMap from 'ol/Map';
import Overlay from 'ol/Overlay';
import './track-marker.css';

// A playing vehicle's marker: a DOM overlay (icon turned to the azimuth, name label) rather than a vector
// feature. Moving an overlay writes two style properties and renders no map frame, so a tick never redraws the
// track line or points under it (spec section 9: marker z-index 1001, icons 32×32 anchored bottom centre).

export interface TrackMarkerOptions {
  label: string;
  /** The vehicle's own colour: the label's edge, matching its track line. */
  colour: string;
  onClick?: () => void;
  /** Names the marker for assistive technology and tests. */
  title?: string;
}

export interface TrackMarker {
  readonly element: HTMLElement;
  /** Moves to `coordinate` (view coordinates) facing `azimuth`, the icon in `iconColour` (CSS colour). */
  move(coordinate: number[] | undefined, azimuth: number, iconColour: string): void;
  setSelected(selected: boolean): void;
  setHidden(hidden: boolean): void;
  destroy(): void;
}

const ICON =
  '<svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">' +
  '<circle cx="16" cy="16" r="11" fill="currentColor" stroke="#fff" stroke-width="2"/>' +
  '<path d="M16 8.5 L21.5 21 L16 18 L10.5 21 Z" fill="#fff"/></svg>';

export function createTrackMarker(map: OlMap, options: TrackMarkerOptions): TrackMarker {
  const element = document.createElement('div');
  element.className = 'hw-track-marker';
  element.dataset.testid = 'track-marker';
  element.style.setProperty('--hw-track-colour', options.colour);
  if (options.title) element.title = options.title;
  const label = document.createElement('div');
  label.className = 'hw-track-marker__label';
  label.textContent = options.label;
  const icon = document.createElement('div');
  icon.className = 'hw-track-marker__icon';
  icon.innerHTML = ICON;
  element.append(label, icon);
  if (options.onClick) {
    element.setAttribute('role', 'button');
    element.addEventListener('click', options.onClick);
  }
  const overlay = new Overlay({
    element,
    positioning: 'bottom-center',
    stopEvent: true,
    className: 'hw-track-marker-host',
  });
  map.addOverlay(overlay);

  let azimuth = Number.NaN;
  let colour = '';
  return {
    element,
    move(coordinate, nextAzimuth, iconColour) {
      overlay.setPosition(coordinate);
      if (nextAzimuth !== azimuth) {
        azimuth = nextAzimuth;
        icon.style.transform = `rotate(${Math.round(nextAzimuth)}deg)`;
      }
      if (iconColour !== colour) {
        colour = iconColour;
        icon.style.color = iconColour;
      }
    },
    setSelected(selected) {
      element.classList.toggle('hw-track-marker--selected', selected);
    },
    setHidden(hidden) {
      element.style.display = hidden ? 'none' : '';
    },
    destroy() {
      map.removeOverlay(overlay);
    },
  };
}
