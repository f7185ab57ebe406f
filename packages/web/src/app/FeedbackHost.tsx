import { lazy, Suspense } from 'react';
import { hasSession } from '../auth/session-store';

const FeedbackApp = lazy(() => import('./FeedbackApp').then((m) => ({ default: m.FeedbackApp })));

// Whether the page opened with a session: its check (user info, routes) runs before the shell exists and must be
// able to say why it failed (a wrong clock, spec code 1002). A visitor without one gets the login page, whose
// calls show their errors in the form: no feedback code to download.
const openedWithSession = hasSession();

/** Mounts the request client's feedback outside the shell when the page opened with a session. */
export function FeedbackHost() {
  if (!openedWithSession) return null;
  return (
    <Suspense>
      <FeedbackApp />
    </Suspense>
  );
}
