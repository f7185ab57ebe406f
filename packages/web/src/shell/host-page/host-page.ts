import { useEffect } from 'react';

// Spec section 1: "The hosting page is dressed per company (title, logo)". The browser tab carries the open
// screen and the company's title, and the company's logo as its icon; Headway's own only when the company has none.

const HEADWAY_ICON = '/favicon.svg';

/** The tab's text: the screen first (what tells tabs apart), then the company. */
export function hostTitle(company: string, screen?: string): string {
  return screen ? `${screen} - ${company}` : company;
}

export function useHostPage(title: string, logo: string | undefined): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    let icon = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!icon) {
      icon = document.createElement('link');
      icon.rel = 'icon';
      document.head.append(icon);
    }
    // A company logo may be any image type: let the browser sniff it.
    if (logo) icon.removeAttribute('type');
    else icon.type = 'image/svg+xml';
    icon.href = logo || HEADWAY_ICON;
  }, [logo]);
}
