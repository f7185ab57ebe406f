import dayjs from 'dayjs';

/** 10-digit epoch seconds → local date-time; '--' when missing (spec section 4: missing dates show '--'). */
export function formatTime(seconds: number | null | undefined): string {
  if (!seconds) return '--';
  return dayjs.unix(seconds).format('YYYY-MM-DD HH:mm:ss');
}
