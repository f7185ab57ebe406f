import { useEffect, useState } from 'react';

/** Spec: mobile mode below 992 px. Resize is debounced 100 ms (spec section 9). */
const MOBILE_WIDTH = 992;

export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(() => window.innerWidth < MOBILE_WIDTH);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setMobile(window.innerWidth < MOBILE_WIDTH), 100);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return mobile;
}
