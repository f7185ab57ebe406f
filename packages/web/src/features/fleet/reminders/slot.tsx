import { lazy, Suspense } from 'react';
import i18n from '../../../i18n';

// The layout's expiry reminders as their own chunk with the `fleet` strings beside it: nothing of them is in the
// login page's or the shell's chunk.
const ExpiryReminders = lazy(
  async () => (await Promise.all([import('./ExpiryReminders'), i18n.loadNamespaces('fleet')]))[0],
);

export function ExpiryReminderSlot() {
  return (
    <Suspense fallback={null}>
      <ExpiryReminders />
    </Suspense>
  );
}
